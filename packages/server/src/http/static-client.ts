/**
 * Serves the built client from one folder with a single-page-app fallback to index.html, or a
 * plain placeholder page while the client has not been built. Each answer of the app page carries
 * a fresh style nonce, in a meta tag and in its Content-Security-Policy.
 */
import { randomBytes } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { isClientRoute, STYLE_NONCE_META, titleOfPath } from "@casino/protocol";
import express, { type Router } from "express";
import { appPageContentSecurityPolicy } from "./security-headers.ts";

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

/** Reads the built index.html, again only when the file changed (undefined while there is none). */
function appPageSource(index: string): () => Promise<string | undefined> {
  let read: { mtimeMs: number; html: string } | undefined;
  return async () => {
    const file = await stat(index).catch(() => undefined);
    if (!file) return undefined;
    if (read?.mtimeMs !== file.mtimeMs) read = { mtimeMs: file.mtimeMs, html: await readFile(index, "utf8") };
    return read.html;
  };
}

/** The app page with its style nonce in a meta tag at the top of its head, titled for its path. */
function withStyleNonce(html: string, nonce: string, path: string): string {
  return html
    .replace("<head>", `<head>\n    <meta name="${STYLE_NONCE_META}" content="${nonce}" />`)
    .replace(/<title>[^<]*<\/title>/, `<title>${titleOfPath(path).replace(/[<>&]/g, "")}</title>`);
}

/**
 * Static files plus SPA fallback for GET requests outside /api and Colyseus' own routes: a client
 * page's path gets the app page with 200, any other path the same app page (which draws the 404
 * page) with 404.
 */
export function serveClient(clientDist: string): Router {
  const router = express.Router();
  const appPage = appPageSource(join(clientDist, "index.html"));
  router.use(express.static(clientDist, { index: false, maxAge: "1h" }));
  router.get("/{*path}", async (req, res, next) => {
    if (req.path.startsWith("/api/") || req.path === "/api") return next();
    // A missing asset is a 404, not the app page.
    if (/\.[a-z0-9]+$/i.test(req.path)) return next();
    res.setHeader("Cache-Control", "no-cache");
    if (!isClientRoute(req.path)) res.status(404);
    const html = await appPage();
    if (html === undefined) return res.type("html").send(PLACEHOLDER_PAGE);
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", appPageContentSecurityPolicy(nonce));
    res.type("html").send(withStyleNonce(html, nonce, req.path));
  });
  return router;
}
