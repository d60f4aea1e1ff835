/**
 * GET /api/openapi.json (the generated document) and GET /api/docs, an API reference page drawn by
 * Swagger UI from the swagger-ui-dist package served here (no CDN). The page has its own
 * Content-Security-Policy: the casino's, plus inline style attributes, which Swagger UI sets.
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";
import { CONTENT_SECURITY_POLICY } from "../security-headers.ts";

/** The reference page's policy: the casino's, with style attributes allowed. */
export const DOCS_CONTENT_SECURITY_POLICY = CONTENT_SECURITY_POLICY.replace(
  "style-src 'self'",
  "style-src 'self' 'unsafe-inline'",
);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Space Casino API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({ url: "/api/openapi.json", dom_id: "#swagger-ui", deepLinking: true });\n`;

/** The Swagger UI files the page loads, with their types. */
const ASSETS: Record<string, string> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": "text/javascript; charset=utf-8",
};

/** The folder of the swagger-ui-dist package. */
function swaggerUiFolder(): string {
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

/** Routes of the document and its reference page (registered under /api). */
export function registerOpenApiRoutes(app: FastifyInstance): void {
  let document: string | undefined;
  app.get("/openapi.json", { schema: { hide: true } as never }, async (_request, reply) => {
    document ??= JSON.stringify(app.swagger());
    return reply.type("application/json; charset=utf-8").send(document);
  });
  app.get("/docs", { schema: { hide: true } as never }, async (_request, reply) => {
    reply.header("Content-Security-Policy", DOCS_CONTENT_SECURITY_POLICY);
    return reply.type("text/html; charset=utf-8").send(PAGE);
  });
  app.get("/docs/init.js", { schema: { hide: true } as never }, async (_request, reply) => {
    return reply.type("text/javascript; charset=utf-8").send(INIT);
  });
  const folder = swaggerUiFolder();
  const cache = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>(
    "/docs/assets/:file",
    { schema: { hide: true } as never },
    async (request, reply) => {
      const type = ASSETS[request.params.file];
      if (!type) return reply.callNotFound();
      let bytes = cache.get(request.params.file);
      if (!bytes) {
        bytes = await readFile(join(folder, request.params.file));
        cache.set(request.params.file, bytes);
      }
      reply.header("Cache-Control", "public, max-age=3600");
      return reply.type(type).send(bytes);
    },
  );
}
