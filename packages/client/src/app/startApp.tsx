import { STYLE_NONCE_META } from "@casino/protocol/wire/style-nonce";
import { setNonce } from "get-nonce";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { ClickAgain } from "./ClickAgain.tsx";
import { Providers } from "./Providers.tsx";
import { createCasinoRouter } from "./router.tsx";

/**
 * Starts the casino's React app in #root (main.tsx loads this module once the page has painted).
 * `takeEarlyClick` gives the button of the painted page clicked before React took it over.
 */
export function startApp(takeEarlyClick: () => HTMLButtonElement | null = () => null): void {
  // The page's style nonce (the server puts a fresh one in each answer of the page and its CSP): Radix
  // dialogs lock the page's scrolling with a <style> element, which the CSP lets in only with it.
  const styleNonce = document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META}"]`)?.content;
  if (styleNonce) setNonce(styleNonce);

  const root = document.getElementById("root");
  if (!root) throw new Error("missing #root element");
  const router = createCasinoRouter();
  const appClickingAgain = (earlyClick: HTMLButtonElement | null) => (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
      <ClickAgain button={earlyClick} />
    </StrictMode>
  );

  // A screen the build prerendered whole (vite/prerender.ts) is already painted: React takes over its
  // markup once the route's code is loaded, instead of drawing it again. A difference between the two
  // (the prerender knows no session) is redrawn by React and is no error. Any other first screen (the
  // boot message, or a prerendered frame around "Loading...") stays until the route's code is loaded,
  // and is then drawn over. Both run as a transition, which React renders in slices that let the
  // browser answer input in between, not as one long task. A click from then on reaches React.
  const show = () => {
    const app = appClickingAgain(takeEarlyClick());
    startTransition(() => {
      if (root.dataset.prerendered === "page")
        hydrateRoot(root, app, { onRecoverableError: () => undefined });
      else createRoot(root).render(app);
    });
  };
  if (router.state.initialized) show();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      show();
    });
  }
}
