/**
 * GET /api/openapi.json (the generated document) and GET /api/docs, an API reference page drawn by
 * Swagger UI from the swagger-ui-dist package served here (no CDN). The page has its own
 * Content-Security-Policy: the casino's, plus inline style attributes, which Swagger UI sets.
 */
import { createRequire } from "node:module";
import { dirname } from "node:path";
import express, { type Router } from "express";
import { CONTENT_SECURITY_POLICY } from "../security-headers.ts";
import { buildOpenApiDocument } from "./build-document.ts";

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

/** The folder of the swagger-ui-dist package. */
function swaggerUiFolder(): string {
  return dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
}

/** Routes of the document and its reference page (mounted under /api). */
export function createOpenApiRoutes(): Router {
  const router = express.Router();
  let document: string | undefined;
  router.get("/openapi.json", (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    res.type("application/json").send(document);
  });
  router.get("/docs", (_req, res) => {
    res.setHeader("Content-Security-Policy", DOCS_CONTENT_SECURITY_POLICY);
    res.type("html").send(PAGE);
  });
  router.get("/docs/init.js", (_req, res) => {
    res.type("text/javascript").send(INIT);
  });
  router.use("/docs/assets", express.static(swaggerUiFolder(), { index: false, maxAge: "1h" }));
  return router;
}
