/**
 * The client's pages, listed once: the router draws them, the server answers 200 with the app page
 * for them and 404 (with the same app page, which draws "Lost in Space") for any other path, and
 * each page's document title comes from here.
 */
import { GAME_CATALOGUE } from "../games/catalogue.ts";
import { isSinglePlayerGame } from "../games/game-types.ts";

/** Every client page: its path pattern (":gameType" is one of the five single-player games) and title. */
export const CLIENT_ROUTES = {
  lobby: { path: "/", title: "Lobby" },
  casino: { path: "/casino", title: "Lobby" },
  welcome: { path: "/welcome", title: "Welcome" },
  warp: { path: "/warp", title: "Entering the Cosmos" },
  security: { path: "/security", title: "Security dashboard" },
  cashier: { path: "/cashier", title: "Cashier" },
  game: { path: "/game/:gameType", title: "Game" },
  history: { path: "/history", title: "Bet history" },
  verify: { path: "/verify", title: "Verify a round" },
  leaderboards: { path: "/leaderboards", title: "Leaderboards" },
  profile: { path: "/profile", title: "Your profile" },
  responsibleGaming: { path: "/responsible-gaming", title: "Responsible gaming" },
  poker: { path: "/poker", title: "Poker" },
  crash: { path: "/crash", title: "Supernova" },
} as const;

export type ClientRouteName = keyof typeof CLIENT_ROUTES;

/** The casino's name, after each page's own title. */
export const SITE_TITLE = "AMINA Casino";

/** The title of a path no page answers. */
export const NOT_FOUND_TITLE = "Lost in Space (page not found)";

/** The page a path belongs to, with its game id for /game/…, or null when no page answers it. */
export function matchClientRoute(pathname: string): { name: ClientRouteName; gameType?: string } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  for (const [name, route] of Object.entries(CLIENT_ROUTES) as [ClientRouteName, { path: string }][]) {
    if (route.path === path) return { name };
  }
  const game = /^\/game\/([^/]+)$/.exec(path);
  const gameType = game?.[1] === undefined ? undefined : safeDecode(game[1]);
  if (gameType !== undefined && isSinglePlayerGame(gameType)) return { name: "game", gameType };
  return null;
}

/**
 * The file, in the client build's prerendered/ folder, holding the first screen of the page at this
 * path ("lobby.html", "game-plinko.html"), or null for a path no page answers.
 */
export function prerenderedFileOf(pathname: string): string | null {
  const match = matchClientRoute(pathname);
  if (!match) return null;
  return `${match.name}${match.gameType === undefined ? "" : `-${match.gameType}`}.html`;
}

/** Whether a page of the client answers this path. */
export function isClientRoute(pathname: string): boolean {
  return matchClientRoute(pathname) !== null;
}

/** The document title of a path: "Cashier · AMINA Casino", a game's own name, or the not-found title. */
export function titleOfPath(pathname: string): string {
  const match = matchClientRoute(pathname);
  if (!match) return `${NOT_FOUND_TITLE} · ${SITE_TITLE}`;
  const title =
    match.name === "game"
      ? (GAME_CATALOGUE.find((entry) => entry.id === match.gameType)?.title ?? CLIENT_ROUTES.game.title)
      : CLIENT_ROUTES[match.name].title;
  return `${title} · ${SITE_TITLE}`;
}

/** A percent-decoded path segment, or the raw text when it is malformed. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
