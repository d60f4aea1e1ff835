/**
 * The `poker_table` room: one per table (filterBy tableId), joined with the wallet session (bearer
 * token or cookie). It draws the table's state for every client, with hole cards only in each
 * client's own StateView, and turns messages into the same table commands the REST routes use.
 *
 * Messages (validated through Colyseus's validate with the protocol's zod schemas; a malformed one
 * is answered, recorded and drops the client):
 *   action {actionType, amount?, version}   preAction {preAction}   sitOut {sittingOut}
 *   sit {buyInAmount?, playerName?, seatPosition?}   leave   startHand
 * Each is answered with "result" {action, ...} or "error" {action, code, message}; an accepted
 * betting action is answered by the state patch alone, and one taken on an older table `version`
 * than the state's is refused as poker/stale_action. Every command runs through the table's
 * orchestrator (poker/orchestrator.ts). A dropped client
 * keeps the seat for the reconnection grace while the hand plays on with the action timer; when the
 * grace runs out the player leaves the table (the stack is paid back). Ending the session (logout,
 * replacement) closes its clients with close code 4401 at once, with no grace and no reconnection.
 */
import {
  POKER_MESSAGE_SCHEMAS,
  POKER_TABLE_ROOM,
  type PokerMessage,
  type PokerMessageType,
  toEngineActionType,
} from "@casino/protocol/schemas/poker";
import { PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import { type Client, CloseCode, ErrorCode, Room, ServerError } from "@colyseus/core";
import { StateView } from "@colyseus/schema";
import type { AppServices } from "../../app-services.ts";
import { joinPokerTable } from "../../poker/join.ts";
import type { PokerTable } from "../../poker/table.ts";
import { viewTable } from "../../poker/table-view.ts";
import { describeIssue } from "../../replies.ts";
import { unexpectedActionFailure } from "../action-failure.ts";
import { dropMalformedSender } from "../malformed-message.ts";
import { createRoomAuthenticator, type RoomAuth } from "../room-auth.ts";
import {
  guardRoomSessions,
  type RoomSessionGuard,
  SESSION_ENDED_CODE,
  SESSION_ENDED_MESSAGE,
} from "../session-guard.ts";
import { HandLogFeed } from "./hand-log-feed.ts";
import { onParsedMessage, type Parsed } from "./parsed-message.ts";
import { TableStateSync } from "./sync-state.ts";

/** Messages per second a client may send before it is dropped. */
export const POKER_ROOM_MESSAGES_PER_SECOND = 20;

/** Creates the poker table room class bound to the casino's services. */
export function createPokerTableRoom(services: AppServices) {
  const authenticate = createRoomAuthenticator(services, POKER_TABLE_ROOM);

  return class PokerTableRoom extends Room<{ state: PokerTableState }> {
    override maxMessagesPerSecond = POKER_ROOM_MESSAGES_PER_SECOND;
    override maxClients = 200;
    /**
     * Every table change is drawn and sent at once (redraw), and a client that joins or reconnects
     * gets the whole state with its view when it is in, so the periodic patch has next to nothing
     * to carry: a slow rate saves the empty patch checks of every room (Colyseus ticks its clock
     * every 16 ms instead when the rate is 0).
     */
    override patchRate = 1000;
    private table!: PokerTable;
    private sync!: TableStateSync;
    private readonly handLog = new HandLogFeed();
    private unsubscribe: (() => void) | undefined;
    private readonly dropped = new Set<string>();
    private sessions: RoomSessionGuard | undefined;

    static override async onAuth(
      token: string,
      _options: unknown,
      context: Parameters<typeof Room.onAuth>[2],
    ) {
      return authenticate(token, context);
    }

    override async onCreate(options: { tableId?: unknown }) {
      const tableId = options?.tableId;
      if (typeof tableId !== "string" || tableId.length === 0 || tableId.length > 64)
        throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, "tableId is required");
      const runtime = services.poker;
      const opened = await runtime.open(tableId);
      if ("ok" in opened) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, opened.message);
      this.table = opened;
      this.sessions = guardRoomSessions(this, services);
      const state = new PokerTableState();
      this.setState(state);
      this.sync = new TableStateSync(state);
      this.unsubscribe = runtime.subscribeTable(tableId, () => this.redraw());
      for (const type of Object.keys(POKER_MESSAGE_SCHEMAS) as PokerMessageType[]) {
        onParsedMessage(this, type, POKER_MESSAGE_SCHEMAS[type], (client, parsed) =>
          this.handle(client, type, parsed),
        );
      }
      this.onMessage("*", (client: Client, type: string | number) => {
        this.dropMalformed(client, String(type), `unknown message type ${String(type).slice(0, 40)}`);
      });
      this.redraw();
    }

    override async onJoin(client: Client) {
      await this.sessions?.requireLive(client);
      const auth = client.auth as RoomAuth;
      client.view = new StateView();
      this.sync.attach({ userId: auth.userId, view: client.view });
      this.handLog.send(client, true);
      this.table.setConnected(auth.userId, true).catch(() => undefined);
    }

    override onDrop(client: Client) {
      const auth = client.auth as RoomAuth;
      if (!this.hasOtherClient(client, auth.userId))
        this.table.setConnected(auth.userId, false).catch(() => undefined);
      if (this.dropped.delete(client.sessionId)) return;
      // Held unless the session ended; the reconnection resolves (or expires into onLeave) on its own.
      this.sessions?.holdSeat(client, Math.max(0.05, this.graceSeconds()));
    }

    override async onReconnect(client: Client) {
      await this.sessions?.requireLive(client);
      const auth = client.auth as RoomAuth;
      // Hands dealt while the client was away have new player instances: show it its own again.
      this.sync.attach({ userId: auth.userId, view: client.view });
      this.handLog.send(client, true);
      this.table.setConnected(auth.userId, true).catch(() => undefined);
    }

    override async onLeave(client: Client, code?: number) {
      this.handLog.forget(client);
      const auth = client.auth as RoomAuth | undefined;
      if (!auth || this.hasOtherClient(client, auth.userId)) return;
      await this.table.setConnected(auth.userId, false);
      // A drop whose grace ran out: the player is gone, the seat goes (mid-hand: after the hand).
      if (code !== CloseCode.CONSENTED && this.table.seatOf(auth.userId) !== null)
        await this.table.leave(auth.userId);
    }

    override onDispose() {
      this.unsubscribe?.();
      this.sessions?.dispose();
    }

    private graceSeconds(): number {
      return services.poker.settings.reconnectGraceMs / 1000;
    }

    private hasOtherClient(client: Client, userId: string): boolean {
      return this.clients.some((c) => c !== client && (c.auth as RoomAuth | undefined)?.userId === userId);
    }

    /** Redraws the state from the table and sends the patch at once (no wait for the patch interval). */
    private redraw() {
      const viewers = () => this.clients.map((c) => ({ userId: (c.auth as RoomAuth).userId, view: c.view }));
      this.sync.draw(viewTable(this.table), this.table.state.hand?.handNumber ?? 0, viewers);
      this.broadcastPatch();
      this.handLog.follow(this.table.live);
      this.handLog.sendAll(this.clients);
    }

    /** Validates a message, runs it on the table and answers the sender. */
    private async handle(
      client: Client,
      type: PokerMessageType,
      parsed: Parsed<(typeof POKER_MESSAGE_SCHEMAS)[PokerMessageType]>,
    ): Promise<unknown> {
      // Seats, buy-ins, cash-outs and bets act for the player: only while the session lives.
      if (this.sessions && !(await this.sessions.admit(client, type)))
        return { action: type, ok: false, code: SESSION_ENDED_CODE, message: SESSION_ENDED_MESSAGE };
      if (!parsed.success) return this.dropMalformed(client, type, describeIssue(parsed.error));
      const auth = client.auth as RoomAuth;
      const table = this.table;
      let answer: { ok: boolean; code?: string; message?: string };
      try {
        switch (type) {
          case "action": {
            const m = parsed.data as PokerMessage<"action">;
            answer = await table.act(auth.userId, m.version, toEngineActionType(m.actionType), m.amount);
            break;
          }
          case "preAction":
            answer = await table.setPreAction(
              auth.userId,
              (parsed.data as { preAction: "check_fold" | "call_any" | "none" }).preAction,
            );
            break;
          case "sitOut":
            answer = await table.setSittingOut(
              auth.userId,
              (parsed.data as { sittingOut: boolean }).sittingOut,
            );
            break;
          case "leave":
            answer = await table.leave(auth.userId);
            break;
          case "startHand":
            answer = await table.startHand(auth.userId);
            break;
          case "sit":
            answer = await this.sit(auth, parsed.data as PokerMessage<"sit">);
            break;
        }
      } catch (error) {
        const place = { room: "poker", roomId: this.roomId, type };
        answer = { ok: false, ...unexpectedActionFailure(services.log, error, place) };
      }
      const {
        ok,
        status: _status,
        ...rest
      } = answer as { ok: boolean; status?: number } & Record<string, unknown>;
      // An accepted betting action is answered by the state patch itself (one frame less per action).
      if (!ok || type !== "action") client.send(ok ? "result" : "error", { action: type, ...rest });
      return { action: type, ok, ...rest };
    }

    /** Takes a seat from the room: the same join as REST, at this table only. */
    private async sit(auth: RoomAuth, message: PokerMessage<"sit">) {
      const outcome = await joinPokerTable(services.poker, {
        tableId: this.table.info.id,
        userId: auth.userId,
        buyInAmount: message.buyInAmount,
        playerName: message.playerName,
        seatPosition: message.seatPosition,
        stayAtTable: true,
      });
      return outcome.result;
    }

    /** Answers a malformed message, records it, and drops the client. */
    private dropMalformed(client: Client, type: string, details: string) {
      const auth = client.auth as RoomAuth | undefined;
      const record = { room: POKER_TABLE_ROOM, type, player: auth?.walletAddress, details };
      const answer = { action: type, code: "input/invalid", message: details };
      this.dropped.add(client.sessionId);
      return dropMalformedSender(services, client, record, answer);
    }
  };
}
