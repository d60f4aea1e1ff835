/**
 * Serves the built client from one folder with a single-page-app fallback to index.html, or a
 * plain placeholder page while the client has not been built.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import express, { type Router } from "express";

/** The page served when there is no built client. */
export const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>AMINA Casino</title></head>
<body>
<h1>AMINA Casino</h1>
<p>The casino server is running. The browser client has not been built yet: run <code>pnpm build</code>.</p>
<p><a href="/api/crypto/status">/api/crypto/status</a></p>
</body>
</html>
`;

/** Static files plus SPA fallback for GET requests outside /api and Colyseus' own routes. */
export function serveClient(clientDist: string): Router {
  const router = express.Router();
  const index = join(clientDist, "index.html");
  router.use(express.static(clientDist, { index: false, maxAge: "1h" }));
  router.get("/{*path}", (req, res, next) => {
    if (req.path.startsWith("/api/") || req.path === "/api") return next();
    // A missing asset is a 404, not the app page.
    if (/\.[a-z0-9]+$/i.test(req.path)) return next();
    res.setHeader("Cache-Control", "no-cache");
    if (existsSync(index)) return res.sendFile(index);
    res.type("html").send(PLACEHOLDER_PAGE);
  });
  return router;
}
