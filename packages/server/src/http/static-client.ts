/**
 * Serves the built client from one folder with a single-page-app fallback to index.html (or the
 * page's prerendered first screen), or a plain placeholder page while the client has not been built. Each answer of the app page carries
 * a fresh style nonce, in a meta tag and in its Content-Security-Policy. Files come in the build's
 * precompressed brotli or gzip copy when the browser takes it; content-hashed assets are cached
 * for a year, everything else is revalidated.
 */
import { randomBytes } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { isClientRoute, prerenderedFileOf, STYLE_NONCE_META, titleOfPath } from "@casino/protocol";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { appPageContentSecurityPolicy } from "./security-headers.ts";

/** Cache-Control of the build's content-hashed files (under /assets/): their name changes with them. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** Cache-Control of the app page and of files whose name does not change with their content. */
export const REVALIDATE_CACHE = "no-cache";

/** The encodings the build writes copies in, best first, with the suffix of each copy (@fastify/static picks the copy). */
const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

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

/** Sends the app page compressed in the best encoding the browser takes (it differs per answer). */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string): FastifyReply {
  reply.type("text/html; charset=utf-8");
  reply.header("Vary", "Accept-Encoding");
  const accepted = chooseEncoding(request.headers["accept-encoding"])?.encoding;
  if (accepted === "br") {
    reply.header("Content-Encoding", "br");
    return reply.send(brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  }
  if (accepted === "gzip") {
    reply.header("Content-Encoding", "gzip");
    return reply.send(gzipSync(html));
  }
  return reply.send(html);
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

/** The file a URL path names inside the build, or undefined when it cannot name one (bad escapes, `..`). */
function decodedFilePath(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (decoded.includes("\0") || decoded.split(/[\\/]/).includes("..")) return undefined;
  return decoded;
}

/** The build's scripts are text/javascript (the type browsers and the HTML standard name). */
function preferTextJavascript(reply: FastifyReply): void {
  const type = reply.getHeader("content-type");
  if (typeof type === "string" && type.startsWith("application/javascript"))
    reply.header("content-type", "text/javascript; charset=utf-8");
}

/** A path's last segment has a file extension (an asset, never a client page). */
const ASSET_PATH = /\.[a-z0-9]+$/i;

/**
 * Static files plus SPA fallback for GET requests outside /api and Colyseus' own routes: a file of
 * the build is sent as it is (its precompressed copy when the browser takes it), a client page's
 * path gets the app page with 200, any other path the same app page (which draws the 404 page)
 * with 404, and a missing asset a plain 404.
 */
export async function registerClient(app: FastifyInstance, clientDist: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: clientDist,
    serve: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    dotfiles: "deny",
    wildcard: false,
  });
  app.addHook("onSend", async (_request, reply, payload) => {
    preferTextJavascript(reply);
    return payload;
  });
  const appPage = appPageSource(clientDist);
  app.get("/*", async (request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    if (path.startsWith("/api/") || path === "/api") return reply.callNotFound();
    if (ASSET_PATH.test(path)) {
      const file = decodedFilePath(path);
      if (file === undefined) return reply.callNotFound();
      reply.header("Cache-Control", cacheControlFor(path));
      return reply.sendFile(file);
    }
    reply.header("Cache-Control", REVALIDATE_CACHE);
    if (!isClientRoute(path)) reply.code(404);
    const html = await appPage(path);
    if (html === undefined) return reply.type("text/html; charset=utf-8").send(PLACEHOLDER_PAGE);
    const nonce = randomBytes(16).toString("base64");
    reply.header("Content-Security-Policy", appPageContentSecurityPolicy(nonce));
    return sendPage(request, reply, withStyleNonce(html, nonce, path));
  });
}
