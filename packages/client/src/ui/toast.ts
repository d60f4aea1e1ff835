/** The toast API every screen uses: one toast at a time (a new one replaces the current one). */
import { atom, useSetAtom } from "jotai";
import { useCallback } from "react";

/** How a toast is coloured: success, failure or plain information. */
export type ToastTone = "success" | "error" | "info";

/** One toast as shown: title, optional description and tone. */
export type ToastMessage = { id: number; title: string; description?: string; tone: ToastTone };

/** The single visible toast, or null; SPEC.md section 9 allows one at a time. */
export const toastAtom = atom<ToastMessage | null>(null);

let nextToastId = 1;

/** Returns a function that shows a toast, replacing any toast already on screen. */
export function useToast(): (toast: Omit<ToastMessage, "id" | "tone"> & { tone?: ToastTone }) => void {
  const setToast = useSetAtom(toastAtom);
  return useCallback(
    (toast) => {
      nextToastId += 1;
      setToast({
        id: nextToastId,
        tone: toast.tone ?? "info",
        title: toast.title,
        description: toast.description,
      });
    },
    [setToast],
  );
}
