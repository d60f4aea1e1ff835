/**
 * Keeps a room's clients bound to live sessions. When a session ends (logout, replacement; in this
 * process or, scaled out, another) the room closes that session's clients with
 * SESSION_ENDED_CLOSE_CODE and cancels their seat reservations, so they cannot reconnect. Before
 * acting for a client the room re-checks its session (the shared session cache, at most a few
 * seconds old, and always evicted by a revocation), so nothing is done for an ended session even
 * if its revocation has not arrived yet.
 */
import { messageOf } from "@casino/protocol";
import { type Client, type Deferred, type Room, ServerError } from "@colyseus/core";
import { SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_REASON } from "../auth/revocation.ts";
import { findSessionByHash, isSessionEnded } from "../auth/sessions.ts";
import type { CasinoServices } from "../services.ts";
import type { RoomAuth } from "./room-auth.ts";

/** The error code a room answers a message of an ended session with (the casino's failure catalogue). */
export const SESSION_ENDED_CODE = "auth/session_ended";
/** Its message. */
export const SESSION_ENDED_MESSAGE = messageOf(SESSION_ENDED_CODE);

/** The session guard of one room. */
export interface RoomSessionGuard {
  /**
   * Before acting for a client: resolves true while its session lives; otherwise answers an
   * "error" {action, code, message}, closes the client and resolves false.
   */
  admit(client: Client, action: string): Promise<boolean>;
  /** In onDrop: holds the seat for a reconnection unless the session ended (then nothing is held). */
  holdSeat(client: Client, seconds: number): void;
  /** In onJoin and onReconnect: throws (the join or reconnection fails) when the session ended meanwhile. */
  requireLive(client: Client): Promise<void>;
  /** Stops listening (onDispose). */
  dispose(): void;
}

/** The session token hash of a signed-in client (visitors of the lobby have none). */
function tokenHashOf(client: Client): string | undefined {
  const auth = client.auth as Partial<RoomAuth> | true | undefined;
  return typeof auth === "object" && auth !== null ? auth.sessionTokenHash : undefined;
}

/** Starts guarding a room's clients (call in onCreate). */
export function guardRoomSessions(room: Room, services: CasinoServices): RoomSessionGuard {
  /** Reconnections waiting, by client session id, with their session. */
  const held = new Map<string, { tokenHash: string; reconnection: Deferred<Client> }>();
  /** Clients closed here because their session ended: their drop holds no seat. */
  const ended = new Set<string>();

  const close = (client: Client) => {
    ended.add(client.sessionId);
    client.leave(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_REASON);
  };
  const endSession = (tokenHash: string) => {
    for (const client of room.clients) if (tokenHashOf(client) === tokenHash) close(client);
    for (const [sessionId, seat] of held) {
      if (seat.tokenHash !== tokenHash) continue;
      held.delete(sessionId);
      seat.reconnection.reject(new ServerError(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_REASON));
    }
  };
  const unsubscribe = services.revocations.subscribe(endSession);

  /** Whether the client's session still lives and still names the client's user. */
  const sessionLives = async (client: Client): Promise<boolean> => {
    const tokenHash = tokenHashOf(client);
    if (!tokenHash || isSessionEnded(tokenHash)) return false;
    const session = await findSessionByHash(services.handle.db, tokenHash, services.now());
    return session !== undefined && session.userId === (client.auth as RoomAuth).userId;
  };

  return {
    async admit(client, action) {
      if (await sessionLives(client)) return true;
      services.security.recordSecurityEvent({
        type: "auth_failure",
        severity: "low",
        location: `room ${room.roomName} ${action}`.slice(0, 200),
        details: `${(client.auth as Partial<RoomAuth> | undefined)?.walletAddress ?? "unknown"}: message after the session ended`,
        source: undefined,
        blocked: true,
        rule: "session-ended",
      });
      client.send("error", { action, code: SESSION_ENDED_CODE, message: SESSION_ENDED_MESSAGE });
      close(client);
      return false;
    },
    holdSeat(client, seconds) {
      const tokenHash = tokenHashOf(client);
      if (ended.delete(client.sessionId) || !tokenHash || isSessionEnded(tokenHash)) return;
      // Not awaited: the reconnection resolves, expires or is cancelled on its own. (A client that
      // never finished joining gets a rejected promise, not a Deferred.)
      const reconnection = room.allowReconnection(client, seconds);
      const settled = () => {
        if (held.get(client.sessionId)?.reconnection === reconnection) held.delete(client.sessionId);
      };
      reconnection.then(settled, settled);
      if (typeof (reconnection as Partial<Deferred>).reject === "function")
        held.set(client.sessionId, { tokenHash, reconnection });
    },
    async requireLive(client) {
      if (await sessionLives(client)) return;
      throw new ServerError(SESSION_ENDED_CLOSE_CODE, SESSION_ENDED_REASON);
    },
    dispose() {
      unsubscribe();
      held.clear();
      ended.clear();
    },
  };
}
