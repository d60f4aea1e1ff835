/**
 * Who may open a room. Every room type the casino defines is wrapped here: its static onAuth marks
 * the matchmaking options with the request's source and whether it carries a session (overwriting
 * anything the client put there), and onCreate admits the creation first. Rooms the server opens
 * itself carry no mark and are always admitted; a client without a session opens none; a source
 * address opens at most its room-creation budget (a Redis bucket when scaled out, so the budget
 * holds whichever process creates the room). A join naming another PROTOCOL_VERSION than the
 * server's, or none, is refused before anything else (VERSION_MISMATCH_CODE: the page must reload);
 * a reconnection resumes a seat admitted with its version and names none.
 * Refusals are ServerErrors the SDK shows as MatchMakeError {code, message}, and security events.
 */
import { isProtocolMismatch, messageOf, VERSION_MISMATCH_CODE } from "@casino/protocol";
import { type AuthContext, ErrorCode, type Room, ServerError } from "@colyseus/core";
import { addressBucket } from "../security/client-address.ts";
import type { CasinoServices } from "../services.ts";

/** The option onAuth writes (a client's own value under this name is replaced). */
export const ADMISSION_OPTION = "casinoAdmission";

/** The code of a refusal over a budget (HTTP 429 on the matchmaking request). */
export const ROOM_RATE_LIMITED = 429;

/** What onAuth knows about a matchmaking request, kept in its options for onCreate. */
interface Admission {
  source: string;
  signedIn: boolean;
}

/** A room class as Server.define takes it. */
type RoomClass = new (...args: never[]) => Room;

/** Whether an onAuth result is a signed-in player's (a RoomAuth), not a bare `true`. */
function isSignedIn(auth: unknown): boolean {
  return (
    typeof auth === "object" && auth !== null && typeof (auth as { userId?: unknown }).userId === "string"
  );
}

/** Reads the mark onAuth left, if any (rooms the server opens have none). */
function admissionOf(options: unknown): Admission | undefined {
  if (typeof options !== "object" || options === null) return undefined;
  const value = (options as Record<string, unknown>)[ADMISSION_OPTION];
  if (typeof value !== "object" || value === null) return undefined;
  const { source, signedIn } = value as Partial<Admission>;
  return { source: typeof source === "string" ? source : "unknown", signedIn: signedIn === true };
}

/** Admits a room's creation or throws the ServerError the client sees. */
export async function admitRoomCreation(
  services: CasinoServices,
  roomName: string,
  options: unknown,
): Promise<void> {
  const admission = admissionOf(options);
  if (!admission) return;
  const report = (key: string, type: string, details: string, rule: string) =>
    services.limitEvents.report(key, {
      type,
      severity: "medium",
      location: `room ${roomName} create`,
      details,
      source: admission.source,
      blocked: true,
      rule,
    });
  if (!admission.signedIn) {
    report(
      `room-create-anonymous:${admission.source}`,
      "auth_failure",
      "room creation without a session",
      "room-create-session",
    );
    throw new ServerError(ErrorCode.AUTH_FAILED, "Connect a wallet to open a room");
  }
  const rate = services.rateLimit;
  const key = `room-create:${admission.source}`;
  const decision = await services.limiter.consume(key, {
    perSecond: rate.roomCreatePerMinute / 60,
    burst: rate.roomCreateBurst,
  });
  if (decision.allowed) return;
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  report(key, "rate_limited", "source address over its room-creation budget", "room-create-limit");
  throw new ServerError(ROOM_RATE_LIMITED, `Too many rooms opened from this address: retry in ${seconds} s`);
}

/**
 * Wraps a room class so that its matchmaking is admitted as described above; the class's own
 * onAuth (session checks) runs first and its refusal stands.
 */
export function admitRooms<T extends RoomClass>(services: CasinoServices, roomName: string, klass: T): T {
  const Base = klass as unknown as typeof Room;
  class Admitted extends Base {
    static override async onAuth(token: string, options: unknown, context: AuthContext) {
      if (typeof options !== "object" || options === null || Array.isArray(options))
        throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, "room options must be an object");
      if (isProtocolMismatch(options))
        throw new ServerError(VERSION_MISMATCH_CODE, messageOf("protocol/version_mismatch"));
      const auth = await Base.onAuth(token, options, context);
      if (!auth) return auth;
      const admission: Admission = { source: addressBucket(context.ip), signedIn: isSignedIn(auth) };
      (options as Record<string, unknown>)[ADMISSION_OPTION] = admission;
      return auth;
    }

    override async onCreate(options: unknown) {
      await admitRoomCreation(services, roomName, options);
      return super.onCreate?.(options);
    }
  }
  Object.defineProperty(Admitted, "name", { value: klass.name });
  return Admitted as unknown as T;
}
