import * as Tabs from "@radix-ui/react-tabs";
import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { TournamentLobby } from "./TournamentLobby.tsx";
import "./tournament.css";

/** The search parameter naming the lobby tab (`?lobby=sng` opens the Sit & Go list). */
export const LOBBY_TAB_PARAM = "lobby";
/** The Sit & Go tab's value. */
export const SNG_TAB = "sng";
const CASH_TAB = "cash";

/** The poker lobby's two tabs: the cash tables (`cash`, as given) and the Sit & Go list. */
export function PokerLobbyTabs({
  cash,
  onOpenTable,
}: {
  cash: ReactNode;
  onOpenTable: (tableId: string) => void;
}) {
  const [params, setParams] = useSearchParams();
  const tab = params.get(LOBBY_TAB_PARAM) === SNG_TAB ? SNG_TAB : CASH_TAB;
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(next) =>
        setParams(next === SNG_TAB ? { [LOBBY_TAB_PARAM]: SNG_TAB } : {}, { replace: true })
      }
    >
      <Tabs.List className="tab-list sng-tab-list" aria-label="Poker games">
        <Tabs.Trigger className="tab sng-tab" value={CASH_TAB}>
          Cash tables
        </Tabs.Trigger>
        <Tabs.Trigger className="tab sng-tab" value={SNG_TAB}>
          Sit &amp; Go
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value={CASH_TAB}>{cash}</Tabs.Content>
      <Tabs.Content value={SNG_TAB}>
        <TournamentLobby onOpenTable={onOpenTable} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
