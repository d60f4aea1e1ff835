/**
 * Schemas of the poker REST bodies (SPEC.md section 7) and of the messages a player sends to a
 * `poker_table` room. The REST routes and the room parse with the same schemas and act through the
 * same table service. Buy-ins and chip transactions are in coins (parsed exactly into micro-units);
 * bets are in chips, and a bet or raise names the player's total for the round ("raise to").
 */
import { z } from "zod";
import {
  amountSchema,
  currencySchema,
  emptyMessageSchema,
  positiveAmountSchema,
  walletFieldSchema,
} from "./fields.ts";

/** Room type of one live poker table (filtered by tableId). */
export const POKER_TABLE_ROOM = "poker_table";

/** Room type of the live table list. */
export const POKER_LOBBY_ROOM = "lobby";

/** Action names on the wire (SPEC.md uses "all-in"; "all_in" is accepted too). */
export const POKER_ACTION_TYPES = ["fold", "check", "call", "bet", "raise", "all-in", "all_in"] as const;
export type PokerActionType = (typeof POKER_ACTION_TYPES)[number];

/** The engine's name for a wire action. */
export type EngineActionType = "fold" | "check" | "call" | "bet" | "raise" | "all_in";

/** Maps a wire action name to the engine's. */
export function toEngineActionType(actionType: PokerActionType): EngineActionType {
  return actionType === "all-in" ? "all_in" : actionType;
}

/** Pre-actions a player can queue before their turn; "none" clears it. */
export const POKER_PRE_ACTIONS = ["check_fold", "call_any", "none"] as const;
export type PokerPreAction = (typeof POKER_PRE_ACTIONS)[number];

/** A chip count: a whole number of chips, at least 1. */
const chipAmountSchema = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** A display name at the table: trimmed, 1-24 printable characters. */
export const playerNameSchema = z
  .string()
  .trim()
  .max(24, "playerName must be at most 24 characters")
  .regex(/^[\x20-\x7e]*$/, "playerName must be printable ASCII");

/** The table version an action was taken on: an action on any other version is refused as stale. */
const tableVersionSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

/** A seat number of a table (0-8). */
const seatPositionSchema = z.number().int().min(0).max(8);

/** An action with its amount: bet and raise need the total ("raise to") in chips. */
function refineActionAmount(
  body: { actionType: PokerActionType; amount?: number | undefined },
  ctx: z.RefinementCtx,
): void {
  if ((body.actionType === "bet" || body.actionType === "raise") && body.amount === undefined) {
    ctx.addIssue({ code: "custom", message: "amount is required for bet and raise", path: ["amount"] });
  }
}

/** Body of POST /api/poker/tables/{id}/join; House tables take their fixed buy-in whatever is sent. */
export const pokerJoinBodySchema = z.object({
  walletAddress: walletFieldSchema,
  buyInAmount: amountSchema.optional(),
  currency: currencySchema.optional(),
  playerName: playerNameSchema.optional(),
  seatPosition: seatPositionSchema.optional(),
});
export type PokerJoinBody = z.output<typeof pokerJoinBodySchema>;

/** Body of POST /api/poker/tables/{id}/start-hand (nothing needed). */
export const pokerStartHandBodySchema = z.object({ walletAddress: walletFieldSchema });

/** Body of POST /api/poker/tables/{id}/leave. */
export const pokerLeaveBodySchema = z.object({ walletAddress: walletFieldSchema });

/** Body of POST /api/poker/tables/{id}/sit-out: sit out from the next hand, or come back. */
export const pokerSitOutBodySchema = z.object({ walletAddress: walletFieldSchema, sittingOut: z.boolean() });

/** Body of POST /api/poker/tables/{id}/pre-action: check/fold or call any at the next turn, or clear it. */
export const pokerPreActionBodySchema = z.object({
  walletAddress: walletFieldSchema,
  preAction: z.enum(POKER_PRE_ACTIONS),
});

/**
 * Body of POST /api/poker/tables/{id}/action; amount is in chips (the total for bet and raise) and
 * `version` is the table version the action was taken on (another one is refused as stale).
 */
export const pokerActionBodySchema = z
  .object({
    playerId: walletFieldSchema,
    walletAddress: walletFieldSchema,
    actionType: z.enum(POKER_ACTION_TYPES),
    amount: chipAmountSchema.optional(),
    version: tableVersionSchema,
  })
  .superRefine(refineActionAmount);
export type PokerActionBody = z.output<typeof pokerActionBodySchema>;

/** Body of POST /api/poker/chip-transaction: buy chips or cash them out, at 1 AMINA = 1,000 chips. */
export const pokerChipTransactionBodySchema = z.object({
  walletAddress: walletFieldSchema,
  action: z.enum(["buy", "cashout"]),
  aminaAmount: positiveAmountSchema,
  /** Needed only when the player sits at several AMINA tables. */
  tableId: z.string().min(1).max(64).optional(),
});
export type PokerChipTransactionBody = z.output<typeof pokerChipTransactionBodySchema>;

/** Room message "action": a betting action in turn; `version` is the table version it was taken on (an older one is refused as stale). */
export const pokerActionMessageSchema = z
  .strictObject({
    actionType: z.enum(POKER_ACTION_TYPES),
    amount: chipAmountSchema.optional(),
    version: tableVersionSchema,
  })
  .superRefine(refineActionAmount);

/** Room message "preAction": check/fold or call any at the next turn, or clear it. */
export const pokerPreActionMessageSchema = z.strictObject({ preAction: z.enum(POKER_PRE_ACTIONS) });

/** Room message "sitOut": sit out from the next hand on, or come back. */
export const pokerSitOutMessageSchema = z.strictObject({ sittingOut: z.boolean() });

/** Room message "sit": take a seat from the room, with the same fields as the REST join. */
export const pokerSitMessageSchema = z.strictObject({
  buyInAmount: amountSchema.optional(),
  playerName: playerNameSchema.optional(),
  seatPosition: seatPositionSchema.optional(),
});

/** Every message a poker table room accepts, with its schema. */
export const POKER_MESSAGE_SCHEMAS = {
  action: pokerActionMessageSchema,
  preAction: pokerPreActionMessageSchema,
  sitOut: pokerSitOutMessageSchema,
  sit: pokerSitMessageSchema,
  leave: emptyMessageSchema,
  startHand: emptyMessageSchema,
} as const;
export type PokerMessageType = keyof typeof POKER_MESSAGE_SCHEMAS;

/** The parsed payload of each poker room message. */
export type PokerMessage<T extends PokerMessageType> = z.output<(typeof POKER_MESSAGE_SCHEMAS)[T]>;
