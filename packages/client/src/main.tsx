import "./ui/theme.css";
import "./ui/overlays.css";

// The page is painted from its HTML first (the build prerenders it, vite/prerender.ts): the app's
// code is fetched once that first frame is drawn, so it does not compete with the page's own bytes.
requestAnimationFrame(() => {
  setTimeout(() => {
    void import("./app/startApp.tsx").then(({ startApp }) => startApp());
  }, 0);
});
