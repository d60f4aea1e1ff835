import { tableChannelOf } from "@casino/protocol/schemas/chat";
import type { PokerMessageType } from "@casino/protocol/schemas/poker";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useRef, useState } from "react";
import { ChatPanel } from "../../floor/chat/ChatPanel.tsx";
import { useToast } from "../../ui/toast.ts";
import { useRefreshBalance } from "../../wallet/balance.ts";
import { walletAtom } from "../../wallet/walletAtoms.ts";
import type { JoinAnswer } from "../api/pokerApi.ts";
import { FairnessPanel } from "../fair/FairnessPanel.tsx";
import { useObservedHand } from "../fair/useObservedHand.ts";
import { JoinDialog } from "../lobby/JoinDialog.tsx";
import { TournamentBar } from "../tournament/TournamentBar.tsx";
import { readTournamentId } from "../tournament/tournamentRows.ts";
import { ActionBar, type BetAction } from "./ActionBar.tsx";
import { BetChips } from "./BetChips.tsx";
import { BoardView } from "./BoardView.tsx";
import { SeatControls } from "./SeatControls.tsx";
import { SeatView } from "./SeatView.tsx";
import { placeSeats } from "./seatRing.ts";
import { TableCashierDialog } from "./TableCashierDialog.tsx";
import { TableLog } from "./TableLog.tsx";
import { canOfferStartHand, findMyPlayer, isMyTurn } from "./tableSnapshot.ts";
import { useFeltFit } from "./useFeltFit.ts";
import { type RoomAnswer, type TableConnection, useTableRoom } from "./useTableRoom.ts";

const CONNECTION_WORDS: Record<TableConnection, string> = {
  connecting: "Connecting...",
  live: "Live",
  polling: "Reconnecting (updating every 2 s)",
  missing: "Unavailable",
  ended: "Disconnected",
};

/** What a leave answer says to the player. */
function describeLeave(answer: RoomAnswer): string {
  if (answer.ok && answer.body.pending === true)
    return "You folded and leave when this hand ends; your chips are paid back then.";
  return "Your chips are back in your balance.";
}

/** One table, live: the ring of seats, the board, the player's actions, the cashier and the fairness proof. */
export function PokerTableScreen({
  tableId,
  onOpenTable,
  onLeft,
}: {
  tableId: string;
  onOpenTable: (tableId: string) => void;
  onLeft: () => void;
}) {
  const walletState = useAtomValue(walletAtom);
  const wallet = walletState.status === "connected" ? walletState.address : null;
  const viewerId = walletState.status === "connected" ? walletState.userId : null;
  const { connection, failure, closed, snapshot, handLog, send, disconnect } = useTableRoom(tableId, wallet);
  const observed = useObservedHand(snapshot, viewerId);
  const toast = useToast();
  const refreshBalance = useRefreshBalance();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const tournamentId = readTournamentId(tableId);
  const me = snapshot ? findMyPlayer(snapshot, viewerId) : null;
  const myTurn = snapshot ? isMyTurn(snapshot, me) : false;
  const { feltRef, barRef, feltHeight } = useFeltFit(me !== null, me !== null && myTurn);
  const leaveRef = useRef(onLeft);
  leaveRef.current = onLeft;

  // A named close (session ended, page out of date): say why and go back to the lobby.
  useEffect(() => {
    if (!closed) return;
    toast({ tone: "error", title: closed.title, description: closed.message });
    leaveRef.current();
  }, [closed, toast]);

  const perform = useCallback(
    async (type: PokerMessageType, payload?: Record<string, unknown>): Promise<RoomAnswer> => {
      setBusy(true);
      setError(null);
      const answer = await send(type, payload);
      setBusy(false);
      if (!answer.ok) setError(answer.message);
      return answer;
    },
    [send],
  );
  // A betting action names the table version it was drawn from: the server refuses it if the table moved on.
  const shownVersion = snapshot?.version ?? 0;
  const act = useCallback(
    (action: BetAction) => void perform("action", { ...action, version: shownVersion }),
    [perform, shownVersion],
  );

  async function leave() {
    const answer = await perform("leave");
    if (!answer.ok && answer.code !== "poker/not_seated") return;
    if (answer.ok) toast({ tone: "success", title: "Left the table", description: describeLeave(answer) });
    await disconnect();
    void refreshBalance();
    onLeft();
  }

  if (walletState.status !== "connected")
    return <p className="loading poker-status-line">Connecting your wallet...</p>;
  if (connection === "missing")
    return (
      <section className="panel placeholder-screen">
        <h1>Table not found</h1>
        <p>{failure}</p>
        {tournamentId && <TournamentBar tournamentId={tournamentId} viewerId={viewerId} />}
        <button type="button" className="btn" onClick={onLeft}>
          Back to the lobby
        </button>
      </section>
    );
  if (!snapshot) return <p className="loading poker-status-line">Taking you to the table...</p>;

  const mySeat = me?.seatPosition ?? null;
  const places = placeSeats(snapshot.maxPlayers, mySeat);
  const onJoined = (answer: JoinAnswer) => {
    if (answer.tableId !== tableId) onOpenTable(answer.tableId);
  };

  return (
    <section
      className={`poker-table-screen ${me ? "is-seated" : ""}`}
      aria-labelledby="poker-table-title"
      data-testid="poker-table-screen"
    >
      <header className="poker-table-bar">
        <div>
          <h1 id="poker-table-title" className="poker-table-title">
            {tournamentId ? `Tournament #${tournamentId}` : snapshot.name}
          </h1>
          <p className="hint-text">
            Blinds {snapshot.smallBlind}/{snapshot.bigBlind} chips · {snapshot.currency} ·{" "}
            {snapshot.maxPlayers}-max ·{" "}
            <span className={`poker-connection is-${connection}`} data-testid="table-connection">
              {CONNECTION_WORDS[connection]}
            </span>
          </p>
        </div>
        {!tournamentId && (
          <div className="row gap">
            {!me && <JoinDialog table={snapshot} label="Take a Seat" onJoined={onJoined} />}
            <TableCashierDialog snapshot={snapshot} me={me} wallet={wallet} />
            <button type="button" className="btn btn-danger" onClick={() => void leave()} disabled={busy}>
              Leave Table
            </button>
          </div>
        )}
      </header>
      {tournamentId && <TournamentBar tournamentId={tournamentId} viewerId={viewerId} />}
      <div className="poker-felt" data-testid="poker-felt" ref={feltRef} style={{ height: feltHeight }}>
        <ul className="poker-seats" aria-label="Seats">
          {places.map((place) => (
            <SeatView key={place.seat} snapshot={snapshot} place={place} isMe={place.seat === mySeat} />
          ))}
        </ul>
        <BetChips places={places} players={snapshot.players} mySeat={mySeat} />
        <BoardView snapshot={snapshot} />
      </div>
      {error && (
        <p className="form-error poker-error" role="alert">
          {error}
        </p>
      )}
      {me && myTurn && (
        <div className="poker-action-dock" ref={barRef}>
          <ActionBar snapshot={snapshot} me={me} busy={busy} onAct={act} />
        </div>
      )}
      {me && (
        <SeatControls
          snapshot={snapshot}
          me={me}
          myTurn={myTurn}
          busy={busy}
          showStartHand={canOfferStartHand(snapshot, me)}
          onPreAction={(preAction) => void perform("preAction", { preAction })}
          onSitOut={(sittingOut) => void perform("sitOut", { sittingOut })}
          onStartHand={() => void perform("startHand")}
        />
      )}
      <div className="poker-table-panels">
        <TableLog snapshot={snapshot} handLog={handLog} viewerId={viewerId} />
        <FairnessPanel snapshot={snapshot} observed={observed} />
        <ChatPanel channel={tableChannelOf(tableId)} title="Table chat" />
      </div>
    </section>
  );
}
