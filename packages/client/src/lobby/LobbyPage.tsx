import { CASINO_CHANNEL } from "@casino/protocol/schemas/chat";
import { useAtomValue } from "jotai";
import { SeedPanel } from "../fair/SeedPanel.tsx";
import { ChatPanel } from "../floor/chat/ChatPanel.tsx";
import { LiveBets } from "../floor/feed/LiveBets.tsx";
import { HistoryPanel } from "../history/HistoryPanel.tsx";
import { Footer } from "../layout/Footer.tsx";
import { walletAddressAtom } from "../wallet/walletAtoms.ts";
import { GameGrid } from "./GameGrid.tsx";
import { Hero } from "./Hero.tsx";
import "./lobby.css";

/** Routes / and /casino: hero, game grid, provably-fair panel, history (when connected), footer. */
export function LobbyPage() {
  const wallet = useAtomValue(walletAddressAtom);
  return (
    <div className="lobby">
      <Hero />
      <GameGrid />
      <LiveBets />
      <div className="lobby-panels">
        <SeedPanel />
        {wallet && <HistoryPanel wallet={wallet} />}
        <ChatPanel channel={CASINO_CHANNEL} title="Casino chat" />
      </div>
      <Footer />
    </div>
  );
}
