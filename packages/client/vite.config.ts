import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompress } from "./vite/precompress.ts";
import { prerender } from "./vite/prerender.ts";

const apiTarget = process.env.CASINO_API ?? "http://localhost:2567";

/** The client build: served by the casino server from dist/; `vite` proxies the API in development. */
export default defineConfig({
  plugins: [react(), prerender(), precompress()],
  resolve: {
    // The Defly wallet's animations need only the light player: the full one evaluates expressions
    // with eval, which the casino's Content-Security-Policy forbids anyway.
    alias: [{ find: /^lottie-web$/, replacement: "lottie-web/build/player/lottie_light.js" }],
  },
  build: {
    outDir: "dist",
    sourcemap: true,
    target: "es2022",
    chunkSizeWarningLimit: 1500,
    // No script that appends a <link rel="modulepreload"> per chunk the app starts with: the browser
    // finds those chunks from the app's own imports. Those appends were a long task of their own
    // after the first paint, and Lighthouse's mobile TBT was lower without them (README, page speed).
    modulePreload: false,
  },
  server: { proxy: { "/api": apiTarget, "/matchmake": { target: apiTarget, ws: true } } },
});
