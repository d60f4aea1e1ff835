/**
 * The build-time render of a page's first screen (run in Node by scripts/prerender.ts): the same
 * providers and routes as the browser, before any answer of the server, as HTML to put in #root.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { Providers } from "../app/Providers.tsx";
import { casinoRoutes } from "../app/router.tsx";

/** The markup of `path`'s first screen, or undefined when the routes answer it with a redirect. */
export async function renderPage(path: string): Promise<string | undefined> {
  const handler = createStaticHandler(casinoRoutes());
  const context = await handler.query(new Request(new URL(path, "http://casino.local")));
  if (context instanceof Response) return undefined;
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
}
