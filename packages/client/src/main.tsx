import "./ui/theme.css";
import "./ui/overlays.css";

/** When the app starts at the latest, painted or not. */
const BACKGROUND_START_MS = 1000;

// The page is painted from its HTML first (the build prerenders it, vite/prerender.ts): the app's
// code is fetched once that first paint is done, so it does not compete with the page's own bytes.
let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import("./app/startApp.tsx").then(({ startApp }) => startApp(takeEarlyClick));
}

// A button of the painted page does nothing until React has taken the page over: the last one
// clicked before is clicked again then (startApp), so that click is not lost.
let earlyClick: HTMLButtonElement | null = null;
function noteEarlyClick(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  if (button && document.getElementById("root")?.contains(button)) earlyClick = button;
}
document.addEventListener("click", noteEarlyClick, true);

/** Stops noting clicks (React answers them from now on) and gives the button clicked before, if any. */
function takeEarlyClick(): HTMLButtonElement | null {
  document.removeEventListener("click", noteEarlyClick, true);
  const button = earlyClick;
  earlyClick = null;
  return button;
}

/** Calls `run` once the browser has painted the page's first content (the next frame where it cannot tell). */
function afterFirstPaint(run: () => void): void {
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) {
    requestAnimationFrame(() => setTimeout(run, 0));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    setTimeout(run, 0);
  });
  observer.observe({ type: "paint", buffered: true });
}

afterFirstPaint(start);
// A tab opened in the background paints nothing until it is shown.
setTimeout(start, BACKGROUND_START_MS);
