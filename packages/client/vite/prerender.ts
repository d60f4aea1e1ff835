/**
 * Prerenders the first screen of every page at build time: an SSR build of src/prerender/renderPage.tsx,
 * rendered for each page path and put into a copy of the built index.html (prerendered/<page>.html,
 * named by prerenderedFileOf), so the browser paints the page from the HTML before its scripts run.
 * #root's data-prerendered says what startApp does with it: "page" is the whole screen, which React
 * hydrates; "frame" is the header and banners around "Loading..." (a screen whose code loads on
 * demand), which React draws over. Inline style attributes are dropped: the Content-Security-Policy
 * forbids them in markup (React sets the same styles from script, which it allows).
 */
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CLIENT_ROUTES, prerenderedFileOf, SINGLE_PLAYER_GAMES } from "@casino/protocol";
import { build, type Plugin, type Rollup } from "vite";
import type { PrerenderedPage } from "../src/prerender/renderPage.tsx";
import { compressFile } from "./precompress.ts";

/** Pages outside the player frame, whose first screen would be "Loading..." alone. */
const NOT_PRERENDERED: ReadonlySet<string> = new Set([CLIENT_ROUTES.warp.path, CLIENT_ROUTES.security.path]);

/** The page paths prerendered: every player screen without a parameter, and each single-player game. */
export const PRERENDERED_PATHS = [
  ...Object.values(CLIENT_ROUTES)
    .map((route) => route.path)
    .filter((path) => !path.includes(":") && !NOT_PRERENDERED.has(path)),
  ...SINGLE_PLAYER_GAMES.map((game) => `/game/${game}`),
];

/** The folder, inside the built client, of the prerendered pages. */
export const PRERENDERED_DIR = "prerendered";

/** The built index.html with a prerendered screen as the content of its #root element. */
export function withRootMarkup(indexHtml: string, page: PrerenderedPage): string {
  const start = indexHtml.indexOf('<div id="root">');
  const end = indexHtml.indexOf("</div>\n    <script", start);
  if (start < 0 || end < 0) throw new Error("index.html has no #root element followed by its scripts");
  const withoutStyles = page.markup.replace(/ style="[^"]*"/g, "");
  const kind = page.whole ? "page" : "frame";
  return `${indexHtml.slice(0, start)}<div id="root" data-prerendered="${kind}">${withoutStyles}${indexHtml.slice(end)}`;
}

/** The stylesheets of the chunk built from `moduleSuffix` and of the chunks it imports. */
function stylesheetsOf(bundle: Rollup.OutputBundle, moduleSuffix: string): string[] {
  const chunks = Object.values(bundle).filter((output) => output.type === "chunk");
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix));
  if (!start) throw new Error(`no chunk built from ${moduleSuffix}`);
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    const chunk = chunks.find((candidate) => candidate.fileName === fileName);
    for (const sheet of chunk?.viteMetadata?.importedCss ?? []) sheets.add(sheet);
    for (const imported of chunk?.imports ?? []) visit(imported);
  };
  visit(start.fileName);
  return [...sheets];
}

/**
 * For the prerender's build: a component whose code loads on demand (React.lazy) never loads there,
 * so every page draws its fallback, as the browser does before that code arrives (a component an
 * earlier page had loaded would otherwise be drawn whole, without its stylesheet).
 */
function lazyScreensStayLoading(): Plugin {
  return {
    name: "casino-prerender-lazy-fallbacks",
    enforce: "pre",
    transform(code, id) {
      if (!id.includes("/src/") || !code.includes("lazy(")) return undefined;
      return code.replace(/\blazy\(\(\) => import\("[^"]+"\)\)/g, "lazy(() => new Promise(() => {}))");
    },
  };
}

/** A vite plugin (client build only) that writes the prerendered pages once the bundle is written. */
export function prerender(): Plugin {
  let root = "";
  let outDir = "";
  let skip = false;
  return {
    name: "casino-prerender",
    apply: "build",
    // Before precompress: the pages it writes are compressed here, the rest by that plugin.
    enforce: "pre",
    // The app's code loads after the first paint (main.tsx), but its stylesheets are the first
    // screen's: the page links them.
    async writeBundle(_options, bundle) {
      if (skip) return;
      const sheets = stylesheetsOf(bundle, "/src/app/startApp.tsx");
      const index = join(outDir, "index.html");
      const html = await readFile(index, "utf8");
      const links = sheets
        .filter((sheet) => !html.includes(`href="/${sheet}"`))
        .map((sheet) => `    <link rel="stylesheet" crossorigin href="/${sheet}">\n`)
        .join("");
      await writeFile(index, html.replace("  </head>", `${links}  </head>`));
    },
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      const ssrDir = join(root, "node_modules", ".prerender");
      await build({
        root,
        logLevel: "warn",
        plugins: [lazyScreensStayLoading()],
        build: { ssr: "src/prerender/renderPage.tsx", outDir: ssrDir, emptyOutDir: true, sourcemap: false },
      });
      const { renderPage } = (await import(pathToFileURL(join(ssrDir, "renderPage.js")).href)) as {
        renderPage: (path: string) => Promise<PrerenderedPage | undefined>;
      };
      const indexHtml = await readFile(join(outDir, "index.html"), "utf8");
      await mkdir(join(outDir, PRERENDERED_DIR), { recursive: true });
      for (const path of PRERENDERED_PATHS) {
        const file = prerenderedFileOf(path);
        const page = await renderPage(path);
        if (!file || page === undefined) throw new Error(`no prerendered page for ${path}`);
        const target = join(outDir, PRERENDERED_DIR, file);
        await writeFile(target, withRootMarkup(indexHtml, page));
        await compressFile(target);
      }
      await rm(ssrDir, { recursive: true, force: true });
    },
  };
}
