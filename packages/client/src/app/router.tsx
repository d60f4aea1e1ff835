import { CLIENT_ROUTES } from "@casino/protocol";
import { createBrowserRouter, type RouteObject } from "react-router";
import { NotFoundPage } from "../errors/NotFoundPage.tsx";
import { RouteError } from "../errors/RouteError.tsx";
import { GameGate } from "../games/GameGate.tsx";
import { LandingPage } from "../landing/LandingPage.tsx";
import { AppShell } from "../layout/AppShell.tsx";
import { LobbyPage } from "../lobby/LobbyPage.tsx";
import { PokerLoading } from "../poker/PokerIntro.tsx";
import { PageLoading } from "./PageLoading.tsx";
import { TitledRoot } from "./TitledRoot.tsx";

/** Every route of SPEC.md section 2, at the paths listed once in protocol (CLIENT_ROUTES); heavy screens (warp, cashier, games, poker, security) load on demand. */
export function casinoRoutes(): RouteObject[] {
  return [
    {
      Component: TitledRoot,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoading,
      children: [
        { path: CLIENT_ROUTES.welcome.path, Component: LandingPage },
        {
          path: CLIENT_ROUTES.warp.path,
          lazy: async () => ({ Component: (await import("../warp/WarpPage.tsx")).default }),
        },
        {
          path: CLIENT_ROUTES.security.path,
          lazy: async () => ({ Component: (await import("../security/SecurityRoute.tsx")).default }),
        },
        {
          Component: AppShell,
          children: [
            { index: true, Component: LobbyPage },
            { path: CLIENT_ROUTES.casino.path, Component: LobbyPage },
            {
              path: CLIENT_ROUTES.cashier.path,
              lazy: async () => ({ Component: (await import("../cashier/CashierPage.tsx")).default }),
            },
            { path: CLIENT_ROUTES.game.path, Component: GameGate },
            {
              path: CLIENT_ROUTES.history.path,
              lazy: async () => ({ Component: (await import("../history/HistoryPage.tsx")).default }),
            },
            {
              path: CLIENT_ROUTES.verify.path,
              lazy: async () => ({ Component: (await import("../verify/VerifyPage.tsx")).default }),
            },
            {
              path: CLIENT_ROUTES.leaderboards.path,
              lazy: async () => ({
                Component: (await import("../floor/standings/LeaderboardsPage.tsx")).default,
              }),
            },
            {
              path: CLIENT_ROUTES.profile.path,
              lazy: async () => ({ Component: (await import("../floor/standings/ProfilePage.tsx")).default }),
            },
            {
              path: CLIENT_ROUTES.responsibleGaming.path,
              lazy: async () => ({ Component: (await import("../responsible/ResponsiblePage.tsx")).default }),
            },
            {
              path: CLIENT_ROUTES.poker.path,
              HydrateFallback: PokerLoading,
              lazy: async () => ({ Component: (await import("../poker/PokerRoute.tsx")).default }),
            },
            {
              path: CLIENT_ROUTES.crash.path,
              lazy: async () => ({ Component: (await import("../games/crash/CrashPage.tsx")).default }),
            },
            { path: "*", Component: NotFoundPage },
          ],
        },
      ],
    },
  ];
}

/** The browser's router over casinoRoutes. */
export function createCasinoRouter() {
  return createBrowserRouter(casinoRoutes());
}
