/**
 * The `crash` room: one per currency (`joinOrCreate("crash", { currency })`), open to visitors who
 * watch; a signed-in player bets (`bet`, the REST bet body) and cashes out (`cashOut`). The room
 * sends no per-tick frames: `round` on join and when betting opens (with the server's time),
 * `flight` when the rocket starts, `events` with the round's totals and the changes among the
 * bounded players list at most once per 100 ms, and `crash` with the revealed hash, handed out a
 * couple of milliseconds of writes per turn of the event loop (sliced-broadcast.ts); `play` goes to
 * a player's own clients alone, in the same order, with their play when it is taken and when it is
 * cashed out, and on join when they have one. Answers: `result` {action, ...} or `error`
 * {action, code, message}; a malformed message is answered, recorded, and the third drops the client.
 */
import { CURRENCIES, type Currency, failure } from "@casino/protocol";
import { crashBetBodySchema, crashCashOutBodySchema } from "@casino/protocol/games/crash/schemas";
import { type AuthContext, type Client, CloseCode, ErrorCode, Room, ServerError } from "@colyseus/core";
import type { AppServices } from "../../app-services.ts";
import { cashOutCrashBet, placeCrashBet } from "../../crash/replies.ts";
import type { CrashAction } from "../../crash/runtime.ts";
import { answerUnexpected, type Reply } from "../../replies.ts";
import { createMessageBudget } from "../games/message-budget.ts";
import { createOptionalRoomAuthenticator, type RoomAuth } from "../room-auth.ts";
import {
  guardRoomSessions,
  type RoomSessionGuard,
  SESSION_ENDED_CODE,
  SESSION_ENDED_MESSAGE,
} from "../session-guard.ts";
import { createSlicedSender } from "../sliced-broadcast.ts";

/** The room's name. */
export const CRASH_ROOM = "crash";

/** Messages a player may send per second before they are refused unread. */
const CRASH_MESSAGES_PER_SECOND = 10;

/** Malformed messages after which a client is dropped. */
const MAX_MALFORMED = 3;

/** Watchers one room holds (the matchmaker opens another when full; every room gets every frame). */
const CRASH_ROOM_CLIENTS = 2_500;

/** How often a room checks that its process still hosts the round it shows. */
const ENGINE_CHECK_MS = 1_000;

/** Creates the crash room class bound to the casino's services. */
export function createCrashRoom(services: AppServices) {
  const authenticate = createOptionalRoomAuthenticator(services);
  return class CrashRoom extends Room {
    override maxMessagesPerSecond = CRASH_MESSAGES_PER_SECOND * 3;
    override maxClients = CRASH_ROOM_CLIENTS;
    private budget = createMessageBudget(CRASH_MESSAGES_PER_SECOND);
    private currency: Currency = "HC";
    private unsubscribe: (() => void) | undefined;
    private sessions: RoomSessionGuard | undefined;
    private strikes = new Map<string, number>();
    private follow: NodeJS.Timeout | undefined;
    /** The signed-in clients by user id (a player's own play goes to them alone). */
    private players = new Map<string, Set<Client>>();

    /** Visitors may watch; bets need the session. */
    static override async onAuth(token: string, _options: unknown, context: AuthContext) {
      return authenticate(token, context);
    }

    override async onCreate(options: { currency?: unknown }) {
      const currency = CURRENCIES.find((c) => c === (options?.currency ?? "HC"));
      if (!currency) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, "unknown currency");
      this.currency = currency;
      this.sessions = guardRoomSessions(this, services);
      await services.crash.ready();
      const engine = services.crash.engine(currency);
      if (!engine) throw new ServerError(ErrorCode.MATCHMAKE_UNHANDLED, "Supernova is getting ready");
      const sender = createSlicedSender(this);
      this.unsubscribe = engine.subscribe((frame) => {
        if (frame.type !== "play") return sender.broadcast(frame.type, frame.body);
        const clients = this.players.get(frame.userId);
        if (clients) sender.sendTo(clients, "play", frame.body);
      });
      // When this process stops hosting the currency, the watchers leave and rejoin where the round now runs.
      this.follow = setInterval(() => {
        if (services.crash.engine(currency) !== engine) void this.disconnect();
      }, ENGINE_CHECK_MS);
      this.follow.unref();
      this.onMessage("bet", (client: Client, payload: unknown) => this.act(client, "bet", payload));
      this.onMessage("cashOut", (client: Client, payload: unknown) => this.act(client, "cashOut", payload));
      this.onMessage("*", (client: Client, type: string | number) => {
        const answer = this.refuseMalformed(
          client,
          String(type),
          `unknown message type ${String(type).slice(0, 40)}`,
        );
        client.send("error", answer);
      });
    }

    /** The round's snapshot, then (a player who reloads mid-round) the player's own play in it. */
    override onJoin(client: Client) {
      const auth = client.auth as RoomAuth | true | undefined;
      const userId = typeof auth === "object" && auth !== null ? auth.userId : undefined;
      if (userId !== undefined) {
        const clients = this.players.get(userId) ?? new Set<Client>();
        this.players.set(userId, clients.add(client));
      }
      const engine = services.crash.engine(this.currency);
      if (!engine) return;
      client.send("round", engine.snapshot());
      const own = userId === undefined ? undefined : engine.ownPlay(userId);
      if (own) client.send("play", own);
    }

    override onLeave(client: Client) {
      const auth = client.auth as RoomAuth | true | undefined;
      if (typeof auth !== "object" || auth === null) return;
      const clients = this.players.get(auth.userId);
      clients?.delete(client);
      if (clients?.size === 0) this.players.delete(auth.userId);
    }

    override onDispose() {
      clearInterval(this.follow);
      this.unsubscribe?.();
      this.sessions?.dispose();
    }

    /** Validates and acts on one message, answering the sender (also the reply of `room.request`). */
    private async act(client: Client, action: CrashAction, payload: unknown): Promise<unknown> {
      const arrivedAt = performance.now();
      const answer = await this.answer(client, action, payload);
      client.send(answer.ok ? "result" : "error", answer);
      services.crash.observeAnswer(action, performance.now() - arrivedAt);
      return answer;
    }

    /** The answer to one message: `{ok: true, action, ...body}` or `{ok: false, action, code, message}`. */
    private async answer(
      client: Client,
      action: CrashAction,
      payload: unknown,
    ): Promise<Record<string, unknown> & { ok: boolean }> {
      if (!this.budget.take(client.sessionId)) {
        const { code, message } = failure("room/rate_limited");
        return { ok: false, action, code, message };
      }
      const auth = client.auth as RoomAuth | true | undefined;
      if (typeof auth !== "object" || auth === null) {
        const { code, message } = failure("auth/required");
        return { ok: false, action, code, message };
      }
      if (this.sessions && !(await this.sessions.admit(client, action))) {
        return { ok: false, action, code: SESSION_ENDED_CODE, message: SESSION_ENDED_MESSAGE };
      }
      const body = { currency: this.currency, ...(payload && typeof payload === "object" ? payload : {}) };
      let reply: Reply;
      try {
        if (action === "bet") {
          const parsed = crashBetBodySchema.safeParse(body);
          if (!parsed.success || parsed.data.currency !== this.currency)
            return this.refuseMalformed(
              client,
              action,
              parsed.error?.issues[0]?.message ?? "bet for another currency",
            );
          reply = await placeCrashBet(services.crash, auth.userId, parsed.data);
        } else {
          const parsed = crashCashOutBodySchema.safeParse(body);
          if (!parsed.success || parsed.data.currency !== this.currency)
            return this.refuseMalformed(
              client,
              action,
              parsed.error?.issues[0]?.message ?? "cash-out in another currency",
            );
          reply = await cashOutCrashBet(services.crash, auth.userId, this.currency);
        }
      } catch (error) {
        const { fail } = answerUnexpected(
          services.log,
          error,
          { action, roomId: this.roomId },
          "crash room action failed",
        );
        return { ok: false, action, code: fail.code, message: fail.message };
      }
      if (reply.ok) return { ...(reply.body as Record<string, unknown>), ok: true, action };
      return { ok: false, action, code: reply.code, message: reply.message };
    }

    /** Answers a malformed message, records it, and drops the client after repeated ones. */
    private refuseMalformed(client: Client, action: string, details: string) {
      const strikes = (this.strikes.get(client.sessionId) ?? 0) + 1;
      this.strikes.set(client.sessionId, strikes);
      const auth = client.auth as RoomAuth | true | undefined;
      services.security.recordSecurityEvent({
        type: "malformed_input",
        severity: strikes >= MAX_MALFORMED ? "medium" : "low",
        location: `room ${CRASH_ROOM} ${action}`.slice(0, 200),
        details: `${typeof auth === "object" ? auth.walletAddress : "visitor"}: ${details}`.slice(0, 500),
        source: undefined,
        blocked: true,
        rule: strikes >= MAX_MALFORMED ? "room-malformed-drop" : "room-validate",
      });
      if (strikes >= MAX_MALFORMED) client.leave(CloseCode.WITH_ERROR, "malformed input");
      return { ok: false, action, code: "input/invalid", message: details };
    }
  };
}
