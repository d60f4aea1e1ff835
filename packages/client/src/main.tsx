import "./ui/theme.css";
import "./ui/overlays.css";

/** When the app starts at the latest, painted or not. */
const BACKGROUND_START_MS = 1000;

// The page is painted from its HTML first (the build prerenders it, vite/prerender.ts): the app's
// code is fetched once that first frame is drawn, so it does not compete with the page's own bytes.
let started = false;
function start(): void {
  if (started) return;
  started = true;
  void import("./app/startApp.tsx").then(({ startApp }) => startApp());
}
requestAnimationFrame(() => setTimeout(start, 0));
// A tab opened in the background draws no frame until it is shown.
setTimeout(start, BACKGROUND_START_MS);
