import { useSearchParams } from "react-router";
import { PokerLobby } from "./lobby/PokerLobby.tsx";
import { HandReplayer } from "./replay/HandReplayer.tsx";
import { HAND_PARAM } from "./replay/replayHref.ts";
import "./poker.css";
import "./poker-board.css";
import "./poker-layout.css";
import { PokerTableScreen } from "./table/PokerTableScreen.tsx";
import { readSavedTable } from "./table/reconnectStore.ts";

/** The search parameter naming the open table, so a reload returns to it. */
const TABLE_PARAM = "table";

/** The poker lobby and table screen (route /poker; /poker?table={id} shows one table, /poker?hand={id} replays a hand). */
export default function PokerRoute() {
  const [params, setParams] = useSearchParams();
  const tableId = params.get(TABLE_PARAM);
  const handId = params.get(HAND_PARAM);
  if (handId) return <HandReplayer key={handId} handId={handId} onClose={() => setParams({})} />;
  const openTable = (id: string) => setParams({ [TABLE_PARAM]: id });
  if (tableId)
    return (
      <PokerTableScreen
        key={tableId}
        tableId={tableId}
        onOpenTable={openTable}
        onLeft={() => setParams({})}
      />
    );
  return <PokerLobby onOpenTable={openTable} savedTable={readSavedTable()} />;
}
