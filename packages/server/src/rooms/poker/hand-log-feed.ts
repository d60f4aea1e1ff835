/**
 * The table log's feed: each client of a table room gets the current hand's engine events, as its
 * seat may see them (other players' unshown cards blanked), whenever the hand moves on and again
 * when it joins or reconnects. They are the events the hand history is written from, so the log a
 * player reads and the history they download tell the same story.
 */
import type { TableEvent } from "@casino/protocol";
import { redactEvents } from "@casino/protocol/poker/engine/view";
import { HAND_LOG_MESSAGE, type HandLogMessage } from "@casino/protocol/schemas/poker-hand-log";
import type { Client } from "@colyseus/core";
import type { LiveHand } from "../../poker/table-core.ts";
import type { RoomAuth } from "../room-auth.ts";

/** The seat a player had in the hand, or null for a watcher. */
function seatIn(events: readonly TableEvent[], userId: string): number | null {
  const started = events[0];
  if (started?.type !== "hand_started") return null;
  return started.players.find((p) => p.playerId === userId)?.seat ?? null;
}

/** Keeps the latest hand (which outlives the table's live hand until the next deal) and what each client was sent. */
export class HandLogFeed {
  private hand: { handNumber: number; events: TableEvent[] } | null = null;
  private readonly sent = new Map<string, string>();

  /** Follows the table's live hand, if one is being played. */
  follow(live: LiveHand | null): void {
    if (live && live.handNumber !== this.hand?.handNumber)
      this.hand = { handNumber: live.handNumber, events: live.events };
  }

  /** Sends the hand to each client that has not seen it as it now stands. */
  sendAll(clients: readonly Client[]): void {
    for (const client of clients) this.send(client, false);
  }

  /** Sends the hand to one client; `again` sends it even when nothing changed (a join or reconnect). */
  send(client: Client, again: boolean): void {
    const hand = this.hand;
    const auth = client.auth as RoomAuth | undefined;
    if (!hand || !auth) return;
    const mark = `${hand.handNumber}:${hand.events.length}`;
    if (!again && this.sent.get(client.sessionId) === mark) return;
    this.sent.set(client.sessionId, mark);
    const message: HandLogMessage = {
      handNumber: hand.handNumber,
      events: redactEvents(hand.events, seatIn(hand.events, auth.userId)),
    };
    client.send(HAND_LOG_MESSAGE, message);
  }

  /** Forgets a client that left. */
  forget(client: Client): void {
    this.sent.delete(client.sessionId);
  }
}
