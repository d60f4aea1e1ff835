import { createBrowserRouter } from "react-router";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { RouteError } from "../errors/RouteError.tsx";
import { GameGate } from "../games/GameGate.tsx";
import { LandingPage } from "../landing/LandingPage.tsx";
import { AppShell } from "../layout/AppShell.tsx";
import { LobbyPage } from "../lobby/LobbyPage.tsx";

/** Every route of SPEC.md section 2; heavy screens (warp, cashier, games, poker, security) load on demand. */
export function createCasinoRouter() {
  return createBrowserRouter([
    {
      ErrorBoundary: RouteError,
      children: [
        { path: "/welcome", Component: LandingPage },
        { path: "/warp", lazy: async () => ({ Component: (await import("../warp/WarpPage.tsx")).default }) },
        {
          path: "/security",
          lazy: async () => ({ Component: (await import("../security/SecurityRoute.tsx")).default }),
        },
        {
          Component: AppShell,
          children: [
            { index: true, Component: LobbyPage },
            { path: "casino", Component: LobbyPage },
            {
              path: "cashier",
              lazy: async () => ({ Component: (await import("../cashier/CashierPage.tsx")).default }),
            },
            { path: "game/:gameType", Component: GameGate },
            {
              path: "history",
              lazy: async () => ({ Component: (await import("../history/HistoryPage.tsx")).default }),
            },
            {
              path: "verify",
              lazy: async () => ({ Component: (await import("../verify/VerifyPage.tsx")).default }),
            },
            {
              path: "leaderboards",
              lazy: async () => ({
                Component: (await import("../floor/standings/LeaderboardsPage.tsx")).default,
              }),
            },
            {
              path: "profile",
              lazy: async () => ({ Component: (await import("../floor/standings/ProfilePage.tsx")).default }),
            },
            {
              path: "responsible-gaming",
              lazy: async () => ({ Component: (await import("../responsible/ResponsiblePage.tsx")).default }),
            },
            {
              path: "poker",
              lazy: async () => ({ Component: (await import("../poker/PokerRoute.tsx")).default }),
            },
            {
              path: "crash",
              lazy: async () => ({ Component: (await import("../games/crash/CrashPage.tsx")).default }),
            },
            { path: "*", Component: NotFoundPage },
          ],
        },
      ],
    },
  ]);
}
