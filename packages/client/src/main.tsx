import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { Providers } from "./app/Providers.tsx";
import { createCasinoRouter } from "./app/router.tsx";
import "./ui/theme.css";
import "./ui/overlays.css";

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
