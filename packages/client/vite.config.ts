import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiTarget = process.env.CASINO_API ?? "http://localhost:2567";

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: true },
  server: { proxy: { "/api": apiTarget, "/matchmake": { target: apiTarget, ws: true } } },
});
