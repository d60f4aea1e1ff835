import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.CASINO_API ?? "http://localhost:2567";

/** The client build: served by the casino server from dist/; `vite` proxies the API in development. */
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    sourcemap: true,
    target: "es2022",
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { "/api": apiTarget, "/matchmake": { target: apiTarget, ws: true } } },
});
