/**
 * The routes an express router really serves, read from its stack (nested routers included), as
 * "METHOD /path" with OpenAPI-style parameters ("/tables/{id}"). The OpenAPI test compares them with
 * the document, so a route added without its entry (or an entry whose route is gone) fails CI.
 */

/** One served route. */
export interface ServedRoute {
  method: string;
  path: string;
}

/** The parts of an express (router 2) layer this walk reads. */
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** "/tables/:id" as "/tables/{id}". */
function toOpenApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, "{$1}");
}

/** Joins a mount path and a route path ("/api" + "/" is "/api"). */
function joinPaths(prefix: string, path: string): string {
  const joined = `${prefix}/${path}`.replace(/\/+/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

/** Every route of a router mounted at `prefix`. */
export function listServedRoutes(router: { stack?: Layer[] }, prefix = ""): ServedRoute[] {
  const routes: ServedRoute[] = [];
  for (const layer of router.stack ?? []) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        if (typeof path !== "string") continue;
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all") routes.push({ method, path: toOpenApiPath(joinPaths(prefix, path)) });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === "string" ? layer.rawPath : "";
      routes.push(...listServedRoutes(layer.handle, joinPaths(prefix, mount)));
    }
  }
  return routes;
}
