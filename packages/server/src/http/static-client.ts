/**
 * Serves the built client from one folder with a single-page-app fallback to index.html (or the
 * page's prerendered first screen), or a plain placeholder page while the client has not been built. Each answer of the app page carries
 * a fresh style nonce, in a meta tag and in its Content-Security-Policy. Files come in the build's
 * precompressed brotli or gzip copy when the browser takes it; content-hashed assets are cached
 * for a year, everything else is revalidated.
 */
import { randomBytes } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { isClientRoute, prerenderedFileOf, STYLE_NONCE_META, titleOfPath } from "@casino/protocol";
import express, { type Request, type RequestHandler, type Response, type Router } from "express";
import { appPageContentSecurityPolicy } from "./security-headers.ts";

/** Cache-Control of the build's content-hashed files (under /assets/): their name changes with them. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** Cache-Control of the app page and of files whose name does not change with their content. */
export const REVALIDATE_CACHE = "no-cache";

/** The encodings the build writes copies in, best first, with the suffix of each copy. */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

/** Files the build precompresses (see packages/client/vite/precompress.ts). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|wasm)$/;

/** The Cache-Control of one built file, by its URL path. */
export function cacheControlFor(urlPath: string): string {
  return urlPath.startsWith("/assets/") ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * The encoding to answer in: the one the browser weighs highest among those the build writes,
 * brotli on a tie (browsers list gzip first but take either), or undefined for plain bytes.
 */
export function chooseEncoding(
  acceptEncoding: string | undefined,
): (typeof PRECOMPRESSED)[number] | undefined {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params
      .map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get("*") ?? 0;
  let best: (typeof PRECOMPRESSED)[number] | undefined;
  for (const entry of PRECOMPRESSED)
    if (weightOf(entry.encoding) > 0 && (!best || weightOf(entry.encoding) > weightOf(best.encoding)))
      best = entry;
  return best;
}

/** Sends the precompressed copy of a built file when there is one and the browser takes it. */
function servePrecompressed(clientDist: string): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !COMPRESSIBLE.test(req.path)) return next();
    res.vary("Accept-Encoding");
    const chosen = chooseEncoding(req.headers["accept-encoding"]);
    if (!chosen) return next();
    res.type(extname(req.path));
    res.setHeader("Content-Encoding", chosen.encoding);
    res.setHeader("Cache-Control", cacheControlFor(req.path));
    res.sendFile(
      `${req.path}${chosen.suffix}`,
      { root: clientDist, cacheControl: false, dotfiles: "deny" },
      (error) => {
        if (!error || res.headersSent) return;
        // No copy in this encoding (a small file, or an older build): the plain file follows.
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
        next();
      },
    );
  };
}

/** Sends the app page compressed in the best encoding the browser takes (it differs per answer). */
function sendPage(req: Request, res: Response, html: string): void {
  res.type("html");
  res.vary("Accept-Encoding");
  const accepted = chooseEncoding(req.headers["accept-encoding"])?.encoding;
  if (accepted === "br") {
    res.setHeader("Content-Encoding", "br");
    res.send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (accepted === "gzip") {
    res.setHeader("Content-Encoding", "gzip");
    res.send(gzipSync(html));
  } else res.send(html);
}

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

/**
 * Reads a built page, again only when its file changed (undefined while there is none): the page
 * prerendered for a path (prerendered/<page>.html, see prerenderedFileOf) when the build has one,
 * else index.html.
 */
function appPageSource(clientDist: string): (path: string) => Promise<string | undefined> {
  const read = new Map<string, { mtimeMs: number; html: string }>();
  const readPage = async (file: string) => {
    const found = await stat(file).catch(() => undefined);
    if (!found) return undefined;
    const cached = read.get(file);
    if (cached?.mtimeMs === found.mtimeMs) return cached.html;
    const html = await readFile(file, "utf8");
    read.set(file, { mtimeMs: found.mtimeMs, html });
    return html;
  };
  return async (path) => {
    const prerendered = prerenderedFileOf(path);
    return (
      (prerendered ? await readPage(join(clientDist, "prerendered", prerendered)) : undefined) ??
      (await readPage(join(clientDist, "index.html")))
    );
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
  const appPage = appPageSource(clientDist);
  router.use(servePrecompressed(clientDist));
  router.use(
    express.static(clientDist, {
      index: false,
      cacheControl: false,
      setHeaders: (res, file) =>
        res.setHeader(
          "Cache-Control",
          cacheControlFor(`/${relative(clientDist, file).split(sep).join("/")}`),
        ),
    }),
  );
  router.get("/{*path}", async (req, res, next) => {
    if (req.path.startsWith("/api/") || req.path === "/api") return next();
    // A missing asset is a 404, not the app page.
    if (/\.[a-z0-9]+$/i.test(req.path)) return next();
    res.setHeader("Cache-Control", REVALIDATE_CACHE);
    if (!isClientRoute(req.path)) res.status(404);
    const html = await appPage(req.path);
    if (html === undefined) return res.type("html").send(PLACEHOLDER_PAGE);
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", appPageContentSecurityPolicy(nonce));
    sendPage(req, res, withStyleNonce(html, nonce, req.path));
  });
  return router;
}
