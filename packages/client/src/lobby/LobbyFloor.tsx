import { CASINO_CHANNEL } from "@casino/protocol/schemas/chat";
import { useAtomValue } from "jotai";
import { SeedPanel } from "../fair/SeedPanel.tsx";
import { ChatPanel } from "../floor/chat/ChatPanel.tsx";
import { LiveBets } from "../floor/feed/LiveBets.tsx";
import { HistoryPanel } from "../history/HistoryPanel.tsx";
import { walletAddressAtom } from "../wallet/walletAtoms.ts";

/** The lobby below its game grid: live bets, the provably-fair panel, history and chat, loaded after the first paint. */
export default function LobbyFloor() {
  const wallet = useAtomValue(walletAddressAtom);
  return (
    <>
      <LiveBets />
      <div className="lobby-panels">
        <SeedPanel />
        {wallet && <HistoryPanel wallet={wallet} />}
        <ChatPanel channel={CASINO_CHANNEL} title="Casino chat" />
      </div>
    </>
  );
}
