import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { PageLoading } from "../app/PageLoading.tsx";
import { HAND_PARAM } from "./replay/replayHref.ts";
import "./poker.css";
import "./poker-board.css";
import "./poker-layout.css";
import { PokerTableScreen } from "./table/PokerTableScreen.tsx";
import { readSavedTable } from "./table/reconnectStore.ts";

// A table opened directly needs neither the lobby's code nor the replayer's: each loads when shown.
const PokerLobby = lazy(async () => ({ default: (await import("./lobby/PokerLobby.tsx")).PokerLobby }));
const HandReplayer = lazy(async () => ({
  default: (await import("./replay/HandReplayer.tsx")).HandReplayer,
}));

/** The search parameter naming the open table, so a reload returns to it. */
const TABLE_PARAM = "table";

/** The poker lobby and table screen (route /poker; /poker?table={id} shows one table, /poker?hand={id} replays a hand). */
export default function PokerRoute() {
  const [params, setParams] = useSearchParams();
  const tableId = params.get(TABLE_PARAM);
  const handId = params.get(HAND_PARAM);
  if (handId)
    return (
      <Suspense fallback={<PageLoading />}>
        <HandReplayer key={handId} handId={handId} onClose={() => setParams({})} />
      </Suspense>
    );
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
  return (
    <Suspense fallback={<PageLoading />}>
      <PokerLobby onOpenTable={openTable} savedTable={readSavedTable()} />
    </Suspense>
  );
}
