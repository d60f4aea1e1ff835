import { useEffect, useRef } from "react";

/**
 * Clicks `button` again once React has taken the page over: a button of the prerendered page clicked
 * before its handlers existed. A button React drew anew (no longer in the page) is not clicked.
 */
export function ClickAgain({ button }: { button: HTMLButtonElement | null }) {
  const clicked = useRef(false);
  useEffect(() => {
    if (clicked.current) return;
    clicked.current = true;
    if (button?.isConnected && !button.disabled) button.click();
  }, [button]);
  return null;
}
