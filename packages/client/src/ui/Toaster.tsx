import { useAtomValue } from "jotai";
import { lazy, type ReactNode, Suspense } from "react";
import { toastAtom } from "./toast.ts";
import { useIdle } from "./useIdle.ts";

// The toast region's code (Radix toast) is not needed for the first paint: it loads once the page is
// idle, or at once when a toast is shown before that.
const ToastRegion = lazy(() => import("./ToastRegion.tsx"));

/** Renders the page and, beside it, the toast region once it is wanted. */
export function Toaster({ children }: { children: ReactNode }) {
  const toast = useAtomValue(toastAtom);
  const idle = useIdle();
  return (
    <>
      {children}
      {(idle || toast) && (
        <Suspense fallback={null}>
          <ToastRegion />
        </Suspense>
      )}
    </>
  );
}
