/** Pieces every game answer shares: the verifiable round, the live balances and the player asking. */
import { formatUnits, unitsToCoins } from "@casino/protocol";
import type { Balances } from "../ledger/ledger.ts";
import type { Reply } from "../replies.ts";
import type { RoundRecord } from "../rounds/types.ts";
import type { Severity } from "../security/events.ts";
import type { CasinoServices } from "../services.ts";

/** Who is playing, and where the request came from (for security events). */
export interface Player {
  userId: string;
  walletAddress: string;
  source: string | undefined; // the client's address
  location: string; // "POST /api/games/dice" or "room game/dice"
}

/** A game's answer: the REST body (also a room's "result" message) or an expected failure. */
export type GameReply = Reply;

/** An accepted answer's body before `answer` adds its discriminant. */
export type Accepted<Result extends { ok: true }> = Omit<Result, "ok">;

/** A successful game answer: the body with `ok: true`, the discriminant of protocol's wire/answers. */
export function answer(body: Record<string, unknown>): GameReply {
  return { ok: true, status: 200, body: { ok: true, ...body } };
}

/** What a player needs to verify a round once its server seed is revealed. */
export function roundInfo(round: RoundRecord) {
  return {
    id: round.id,
    nonce: round.nonce,
    serverSeedHash: round.serverSeedHash,
    clientSeed: round.clientSeed,
    input: round.input,
  };
}

/** The live balances as the user endpoints show them (exact decimal strings in coins). */
export function balanceFields(balances: Balances) {
  return { aminaBalance: formatUnits(balances.AMINA), houseBalance: formatUnits(balances.HC) };
}

/** A multi-step game's answer: the view of the round's state, its currency, the round to verify and the balances. */
export function roundBody<View extends object>(view: View, round: RoundRecord, balances: Balances) {
  return { ...view, currency: round.currency, round: roundInfo(round), ...balanceFields(balances) };
}

/** A stake or win in micro-units as the JSON number in coins SPEC.md shows. */
export const toCoins = unitsToCoins;

/** Records a suspicious request of a player (forged outcomes, claims the server did not make). */
export function reportPlayer(
  services: CasinoServices,
  player: Player,
  event: { type: string; severity: Severity; details: string; rule: string },
): void {
  services.security.recordSecurityEvent({
    type: event.type,
    severity: event.severity,
    location: player.location,
    details: event.details,
    source: player.source,
    blocked: true,
    rule: event.rule,
  });
}
