import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root element");
createRoot(root).render(
  <StrictMode>
    <main>
      <h1>AMINA Casino</h1>
      <p>The cosmos is being prepared.</p>
    </main>
  </StrictMode>,
);
