/**
 * The build-time render of a page's first screen (run in Node by scripts/prerender.ts): the same
 * providers and routes as the browser, before any answer of the server, as HTML to put in #root.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from "react-router";
import { PageLoading } from "../app/PageLoading.tsx";
import { Providers } from "../app/Providers.tsx";
import { casinoRoutes } from "../app/router.tsx";

/** Marks the routes drawn as "Loading..." in place of their screen. */
const LOADS_ON_DEMAND = { loadsOnDemand: true };

/** A prerendered first screen: its markup, and whether it is the whole screen or only its frame. */
export type PrerenderedPage = { markup: string; whole: boolean };

/**
 * The routes with each screen whose code loads on demand drawn as its HydrateFallback, or else as
 * "Loading...": the screen's markup would need its own stylesheet, which the page does not link, and
 * may depend on the query string.
 */
function withLoadingScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const children = route.children && withLoadingScreens(route.children);
    if (!route.lazy) return { ...route, children } as RouteObject;
    return {
      ...route,
      lazy: undefined,
      Component: route.HydrateFallback ?? PageLoading,
      handle: LOADS_ON_DEMAND,
      children,
    } as RouteObject;
  });
}

/**
 * `path`'s first screen, or undefined when the routes answer it with a redirect. A screen whose code
 * loads on demand is drawn as its frame (header, banners) around "Loading...".
 */
export async function renderPage(path: string): Promise<PrerenderedPage | undefined> {
  const handler = createStaticHandler(withLoadingScreens(casinoRoutes()));
  const context = await handler.query(new Request(new URL(path, "http://casino.local")));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  return { markup, whole: !context.matches.some((match) => match.route.handle === LOADS_ON_DEMAND) };
}
