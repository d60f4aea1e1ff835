/**
 * The table as the client draws it: one plain snapshot read either from the `poker_table` room's
 * synced state (PokerTableState after toJSON, where a field never assigned is absent and means its
 * default) or from a REST table view (its last hand flattened), so both paths render alike.
 */
import { z } from "zod";
import { noLegalActions } from "../poker/engine/betting.ts";
import {
  IDLE_TABLE_PLAY,
  NO_HAND_ACTION,
  roomLegalActionsShape,
  seatViewSchema,
  tablePlayShape,
  type ViewerTableView,
} from "./poker-view.ts";

/** An object schema whose absent fields take the given defaults. */
function withDefaults<S extends z.ZodRawShape>(shape: S, defaults: z.infer<z.ZodObject<S>>) {
  return z
    .object(shape)
    .partial()
    .transform((value) => ({ ...defaults, ...value }) as z.infer<z.ZodObject<S>>);
}

/**
 * A coin amount from the room state: schema numbers may arrive as 32-bit floats (0.04 as
 * 0.03999999910593033), so amounts are rounded back to the 6 decimals money has.
 */
export function roundCoinAmount(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.round(value * 1_000_000) / 1_000_000 : 0;
}

/** A card as the room state carries it (plain strings: the client only draws and names it). */
const snapshotCardSchema = z.object({ rank: z.string(), suit: z.string() });

/** A betting action as the room state carries it (plain strings: the client only tells it). */
const snapshotHandActionShape = {
  seq: z.number(),
  seat: z.number(),
  action: z.string(),
  amount: z.number(),
  to: z.number(),
  allIn: z.boolean(),
  street: z.string(),
};
/** One betting action as the snapshot holds it. */
export type HandActionSnap = z.infer<z.ZodObject<typeof snapshotHandActionShape>>;

/** A map keyed by seat (room state) or a list (REST) as a list. */
function listOf(value: unknown): unknown {
  return value && typeof value === "object" && !Array.isArray(value) ? Object.values(value) : value;
}

/** What the seat to act may do, as the room state carries it. */
export type LegalSnap = z.infer<z.ZodObject<typeof roomLegalActionsShape>>;

/** Nobody is to act. */
export const NO_LEGAL_ACTIONS: LegalSnap = z.object(roomLegalActionsShape).parse(noLegalActions(-1));

/** A seated player as the room state carries it. */
export const playerSnapshotSchema = withDefaults(
  { ...seatViewSchema.shape, userId: z.coerce.string(), holeCards: z.array(snapshotCardSchema) },
  {
    userId: "",
    seatPosition: 0,
    isBot: false,
    botName: "",
    displayName: "",
    chipCount: 0,
    currentBet: 0,
    hasFolded: false,
    isAllIn: false,
    inHand: false,
    cardsShown: false,
    isSittingOut: false,
    isConnected: true,
    lastAction: "",
    ante: 0,
    anteAllIn: false,
    timeBank: 0,
    preAction: "",
    holeCards: [],
  },
);
export type PlayerSnap = z.output<typeof playerSnapshotSchema>;

/** The fields of the room state, with the default an absent one takes. */
const snapshotTableSchema = withDefaults(
  {
    ...tablePlayShape,
    communityCards: z.array(snapshotCardSchema),
    lastHandAction: withDefaults(snapshotHandActionShape, NO_HAND_ACTION),
    /** The hand's actions as this client saw them come (the client fills it in: the wire carries the latest). */
    handActions: z.array(z.object(snapshotHandActionShape)),
    id: z.string(),
    name: z.string(),
    currency: z.string(),
    isHouse: z.boolean(),
    smallBlind: z.number(),
    bigBlind: z.number(),
    buyInMin: z.number().transform(roundCoinAmount),
    buyInMax: z.number().transform(roundCoinAmount),
    chipsPerCoin: z.number(),
    maxPlayers: z.number(),
    gamePhase: z.string(),
    handNumber: z.number(),
    legalActions: withDefaults(roomLegalActionsShape, NO_LEGAL_ACTIONS),
    players: z.preprocess(listOf, z.array(playerSnapshotSchema)),
    lastHandId: z.string(),
    lastHandNumber: z.number(),
    lastRevealedCommitment: z.string(),
    lastDeckRoot: z.string(),
    lastClientSeeds: z.preprocess(listOf, z.array(z.string())),
  },
  {
    id: "",
    name: "",
    currency: "",
    isHouse: false,
    smallBlind: 0,
    bigBlind: 0,
    buyInMin: 0,
    buyInMax: 0,
    chipsPerCoin: 1,
    maxPlayers: 6,
    gamePhase: "waiting",
    handNumber: 0,
    ...IDLE_TABLE_PLAY,
    handActions: [],
    legalActions: NO_LEGAL_ACTIONS,
    players: [],
    lastHandId: "",
    lastHandNumber: 0,
    lastRevealedCommitment: "",
    lastDeckRoot: "",
    lastClientSeeds: [],
  },
);

/** The room state's fields of the latest betting action (actionSeq, ...) as a REST view's lastHandAction. */
function foldLatestAction(value: unknown): unknown {
  if (!value || typeof value !== "object" || !("actionSeq" in value)) return value;
  const v = value as Record<string, unknown>;
  const lastHandAction = {
    seq: v.actionSeq,
    seat: v.actionSeat,
    action: v.actionType,
    amount: v.actionAmount,
    to: v.actionTo,
    allIn: v.actionAllIn,
    street: v.actionStreet,
  };
  return {
    ...v,
    lastHandAction: Object.fromEntries(Object.entries(lastHandAction).filter(([, x]) => x !== undefined)),
  };
}

/** The room state (after toJSON) as a snapshot: players listed by seat, ascending. */
export const tableSnapshotSchema = z.preprocess(foldLatestAction, snapshotTableSchema).transform((table) => ({
  ...table,
  gamePhase: table.gamePhase || "waiting",
  players: [...table.players].sort((a, b) => a.seatPosition - b.seatPosition),
}));
export type TableSnapshot = z.output<typeof tableSnapshotSchema>;

/** A REST table view as a snapshot: the same fields, the last hand flattened. */
export function snapshotOfView(view: ViewerTableView): TableSnapshot {
  const last = view.lastHand;
  return tableSnapshotSchema.parse({
    ...view,
    legalActions: view.legalActions ?? NO_LEGAL_ACTIONS,
    lastHandId: last ? String(last.handId) : "",
    lastHandNumber: last?.handNumber ?? 0,
    lastRevealedCommitment: last?.deckHash ?? "",
    lastDeckRoot: last?.deckRoot ?? "",
    lastClientSeeds: last?.clientSeeds ?? [],
  });
}
