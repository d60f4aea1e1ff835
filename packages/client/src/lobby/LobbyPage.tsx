import { lazy, Suspense } from "react";
import { Footer } from "../layout/Footer.tsx";
import { GameGrid } from "./GameGrid.tsx";
import { Hero } from "./Hero.tsx";
import "./lobby.css";

// Below the fold: its code (feed, verification, chat) stays out of the lobby's first scripts.
const LobbyFloor = lazy(() => import("./LobbyFloor.tsx"));

/** Routes / and /casino: hero, game grid, live bets, provably-fair panel, history (when connected), chat, footer. */
export function LobbyPage() {
  return (
    <div className="lobby">
      <Hero />
      <GameGrid />
      <Suspense fallback={<p className="loading">Loading the casino floor...</p>}>
        <LobbyFloor />
      </Suspense>
      <Footer />
    </div>
  );
}
