import { STYLE_NONCE_META } from "@casino/protocol/wire/style-nonce";
import { setNonce } from "get-nonce";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/Providers.tsx";
import { createCasinoRouter } from "./app/router.tsx";
import "./ui/theme.css";
import "./ui/overlays.css";

// The page's style nonce (the server puts a fresh one in each answer of the page and its CSP): Radix
// dialogs lock the page's scrolling with a <style> element, which the CSP lets in only with it.
const styleNonce = document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META}"]`)?.content;
if (styleNonce) setNonce(styleNonce);

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");
const router = createCasinoRouter();
createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
