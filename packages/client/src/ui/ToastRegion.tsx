import * as Toast from "@radix-ui/react-toast";
import { useAtom } from "jotai";
import "./toaster.css";
import { toastAtom } from "./toast.ts";

/** SPEC.md section 9: toasts last 5 s and are dismissed by a swipe right past 50 px. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;

/** The toast region (F8 focuses it) with the single current toast; loaded by Toaster. */
export default function ToastRegion() {
  const [toast, setToast] = useAtom(toastAtom);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
    >
      {toast && (
        <Toast.Root
          key={toast.id}
          className={`toast toast-${toast.tone}`}
          data-testid="toast"
          type={toast.tone === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) setToast((current) => (current?.id === toast.id ? null : current));
          }}
        >
          <Toast.Title className="toast-title">{toast.title}</Toast.Title>
          {toast.description && (
            <Toast.Description className="toast-description">{toast.description}</Toast.Description>
          )}
          <Toast.Close className="toast-close" aria-label="Dismiss notification">
            ×
          </Toast.Close>
        </Toast.Root>
      )}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
