/**
 * The per-player game room "game" (one parameterised room type for the five single-player games):
 * join with `{ gameType }` and the session token (`client.auth.token`) or cookie. The room is
 * filtered by game and owner, and the owner is the authenticated user (set by onAuth, whatever the
 * client sent), so nobody else can join it; several tabs of the same player share it.
 *
 * Messages (validated with the protocol's zod schemas; amounts in coins as in REST bodies):
 *   dice: roll {betAmount, currency, betType}      plinko: drop {betAmount, currency, risk}
 *   slots: spin {betAmount, currency, isFreeSpins?}, buyBonus {betAmount, currency}
 *   blackjack: deal {betAmount, currency}, hit, stand, double, split
 *   hilo: start {betAmount, currency}, guess {guess: "higher" | "lower"}, cashOut
 *   any game: bet {game, betAmount, currency, ...}
 * Each answer is a "result" message with the REST response's shape (`ok: true`, protocol's
 * wire/answers) plus `action` (also the reply of `room.request`), or an "error" message
 * {ok: false, action, code, message}. A malformed message is answered
 * with an error and recorded; the third one drops the client. Messages over the per-second budget
 * are answered with an "error" {action, code: "room/rate_limited"} and not acted on (a flood of
 * several times the budget still closes the socket). A dropped client may reconnect for
 * 30 s unless its session ended: ending the session (logout, replacement) closes its clients with
 * close code 4401 and refuses their reconnection and messages. The open round stays in the
 * database either way and is reloaded on join and reconnect.
 * Rounds left untouched for 2 minutes are settled by the rules (blackjack stands; hi-lo cashes out
 * with a streak, or pays the game's 0.975 x stake before any guess) and the room is told with a
 * "result" message whose `action` is "abandoned".
 */
import {
  failure,
  GAME_MESSAGE_SCHEMAS,
  GAME_ROOM_MESSAGES,
  GAME_ROOM_MESSAGES_PER_SECOND,
  type GameMessageType,
  isSinglePlayerGame,
  type SinglePlayerGame,
} from "@casino/protocol";
import { GameRoomState } from "@casino/protocol/schemas/game-room-state";
import { type Client, CloseCode, ErrorCode, Room, ServerError } from "@colyseus/core";
import type { AppServices } from "../../app-services.ts";
import { describeGameState } from "../../games/game-state.ts";
import type { GameReply, Player } from "../../games/replies.ts";
import { describeIssue } from "../../replies.ts";
import { unexpectedActionFailure } from "../action-failure.ts";
import { recordMalformedMessage } from "../malformed-message.ts";
import { createRoomAuthenticator, type RoomAuth } from "../room-auth.ts";
import {
  guardRoomSessions,
  type RoomSessionGuard,
  SESSION_ENDED_CODE,
  SESSION_ENDED_MESSAGE,
} from "../session-guard.ts";
import { betMatchesRoom, ROOM_ACTIONS } from "./actions.ts";
import { createMessageBudget } from "./message-budget.ts";
import { applyAnswer, applyResumeState } from "./room-state.ts";

/** Name the game room is registered under. */
export const GAME_ROOM = "game";

/** Malformed messages a client may send before it is dropped. */
export const MAX_MALFORMED_MESSAGES = 3;

/** Seconds a dropped client may take to reconnect. */
export const RECONNECT_SECONDS = 30;

/** Creates the game room class bound to the casino's services. */
export function createGameRoom(services: AppServices) {
  const authenticate = createRoomAuthenticator(services, GAME_ROOM);
  const runtime = services.games;

  return class GameRoom extends Room<{ state: GameRoomState }> {
    // Colyseus' own limit closes the socket without an answer: only for floods well over the budget.
    override maxMessagesPerSecond = GAME_ROOM_MESSAGES_PER_SECOND * 3;
    private budget = createMessageBudget(GAME_ROOM_MESSAGES_PER_SECOND);
    override maxClients = 4;
    owner = "";
    gameType: SinglePlayerGame = "dice";
    private queue: Promise<void> = Promise.resolve();
    private pending = 0;
    private strikes = new Map<string, number>();
    private dropped = new Set<string>();
    private unsubscribe: (() => void) | undefined;
    private sessions: RoomSessionGuard | undefined;

    static override async onAuth(
      token: string,
      options: unknown,
      context: Parameters<typeof Room.onAuth>[2],
    ) {
      const auth = await authenticate(token, context);
      // The matchmaker filters and creates rooms with these options: the owner is always the session's user.
      if (auth && options && typeof options === "object")
        (options as Record<string, unknown>).owner = auth.userId;
      return auth;
    }

    override onCreate(options: { gameType?: unknown; owner?: unknown }) {
      const gameType = options?.gameType;
      if (typeof gameType !== "string" || !isSinglePlayerGame(gameType))
        throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, "unknown gameType");
      if (typeof options.owner !== "string" || options.owner === "")
        throw new ServerError(ErrorCode.AUTH_FAILED, "no owner");
      this.gameType = gameType;
      this.owner = options.owner;
      this.sessions = guardRoomSessions(this, services);
      const state = new GameRoomState();
      state.gameType = gameType;
      this.setState(state);
      const accepted: GameMessageType[] = [...GAME_ROOM_MESSAGES[gameType], "bet"];
      for (const type of accepted) {
        this.onMessage(type, (client: Client, payload: unknown) =>
          this.budget.take(client.sessionId)
            ? this.enqueue(client, type, payload)
            : this.refuseOverBudget(client, type),
        );
      }
      this.onMessage("*", (client: Client, type: string | number) => {
        this.refuseMalformed(client, String(type), `unknown message type ${String(type).slice(0, 40)}`);
      });
      this.unsubscribe = runtime.events.subscribe(this.owner, (notice) => {
        if (notice.gameType !== this.gameType) return;
        applyAnswer(this.state, notice.body);
        this.remember({ ...notice.body, ok: true, action: "abandoned" });
      });
    }

    override async onJoin(client: Client) {
      const auth = client.auth as RoomAuth | undefined;
      if (!auth || auth.userId !== this.owner) throw new ServerError(ErrorCode.AUTH_FAILED, "not your room");
      await this.sessions?.requireLive(client);
      await this.serially(() => this.reload());
    }

    override onDrop(client: Client) {
      if (this.dropped.has(client.sessionId)) return;
      // No seat is held for a session that ended (the guard closed the client with 4401).
      this.sessions?.holdSeat(client, RECONNECT_SECONDS);
    }

    override async onReconnect(client: Client) {
      await this.sessions?.requireLive(client);
      await this.serially(() => this.reload());
    }

    override onLeave(client: Client) {
      this.strikes.delete(client.sessionId);
      this.dropped.delete(client.sessionId);
      this.budget.forget(client.sessionId);
    }

    override onDispose() {
      this.unsubscribe?.();
      this.sessions?.dispose();
    }

    /** Reloads balances and the open round from the database (join, reconnect). */
    private async reload() {
      const resumed = await describeGameState(runtime, this.owner, this.gameType);
      if (resumed.ok) applyResumeState(this.state, resumed.body as Record<string, unknown>);
    }

    /** Runs the player's actions one after the other; `busy` shows while any is running. */
    private enqueue(client: Client, type: GameMessageType, payload: unknown): Promise<unknown> {
      return this.serially(() => this.handle(client, type, payload));
    }

    /** Runs work after everything queued before it (actions and reloads never interleave). */
    private serially<T>(work: () => Promise<T>): Promise<T> {
      this.pending++;
      this.state.busy = true;
      const run = this.queue.then(work);
      this.queue = run.then(
        () => undefined,
        () => undefined,
      );
      return run.finally(() => {
        this.pending--;
        if (this.pending === 0) this.state.busy = false;
      });
    }

    /** Validates, acts and answers one message. */
    private async handle(client: Client, type: GameMessageType, payload: unknown): Promise<unknown> {
      // Every message moves money or acts on a round: only for a session that still lives.
      if (this.sessions && !(await this.sessions.admit(client, type)))
        return { ok: false, action: type, code: SESSION_ENDED_CODE, message: SESSION_ENDED_MESSAGE };
      const parsed = GAME_MESSAGE_SCHEMAS[type].safeParse(payload);
      if (!parsed.success) return this.refuseMalformed(client, type, describeIssue(parsed.error));
      const message = parsed.data;
      if (type === "bet" && !betMatchesRoom(message as never, this.gameType))
        return this.refuseMalformed(client, type, `bet for another game in a ${this.gameType} room`);
      const auth = client.auth as RoomAuth;
      const player: Player = {
        userId: auth.userId,
        walletAddress: auth.walletAddress,
        source: undefined,
        location: `room ${GAME_ROOM}/${this.gameType} ${type}`,
      };
      const action = ROOM_ACTIONS[type] as (r: typeof runtime, p: Player, m: unknown) => Promise<GameReply>;
      let reply: GameReply;
      try {
        reply = await action(runtime, player, message);
      } catch (error) {
        const place = { room: "game", roomId: this.roomId, type };
        const failed = { ok: false, action: type, ...unexpectedActionFailure(services.log, error, place) };
        client.send("error", failed);
        return failed;
      }
      if (!reply.ok) {
        const failed = { ok: false, action: type, code: reply.code, message: reply.message };
        client.send("error", failed);
        return failed;
      }
      const body = reply.body as Record<string, unknown>;
      applyAnswer(this.state, body);
      const result = { ...body, ok: true, action: type };
      client.send("result", result);
      this.remember(result, client);
      return result;
    }

    /** Keeps the last result in the state and sends it to the owner's other tabs (all, for a notice). */
    private remember(result: Record<string, unknown>, origin?: Client) {
      this.state.lastResult = JSON.stringify(result);
      for (const other of this.clients) if (other !== origin) other.send("result", result);
    }

    /** Answers a message over the client's budget without acting on it. */
    private refuseOverBudget(client: Client, type: string) {
      const { code, message } = failure("room/rate_limited");
      services.limitEvents.report(`room:${client.sessionId}`, {
        type: "rate_limited",
        severity: "medium",
        location: `room ${GAME_ROOM}/${this.gameType} ${type}`.slice(0, 200),
        details: `${(client.auth as RoomAuth | undefined)?.walletAddress ?? "unknown"}: room messages over their budget`,
        source: undefined,
        blocked: true,
        rule: "room-message-rate",
      });
      const failed = { ok: false, action: type, code, message };
      client.send("error", failed);
      return failed;
    }

    /** Answers a malformed message, records it, and drops the client after repeated ones. */
    private refuseMalformed(client: Client, type: string, details: string) {
      const strikes = (this.strikes.get(client.sessionId) ?? 0) + 1;
      this.strikes.set(client.sessionId, strikes);
      const auth = client.auth as RoomAuth | undefined;
      recordMalformedMessage(services, {
        room: `${GAME_ROOM}/${this.gameType}`,
        type,
        player: auth?.walletAddress,
        details,
        dropped: strikes >= MAX_MALFORMED_MESSAGES,
      });
      const failed = { ok: false, action: type, code: "input/invalid", message: details };
      client.send("error", failed);
      if (strikes >= MAX_MALFORMED_MESSAGES) {
        this.dropped.add(client.sessionId);
        client.leave(CloseCode.WITH_ERROR, "malformed input");
      }
      return failed;
    }
  };
}
