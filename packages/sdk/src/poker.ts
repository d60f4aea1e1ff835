/**
 * Sitting at a poker table with the bot brain: join a table over REST (POST
 * /api/poker/tables/{id}/join; House tables take their fixed 50 HC buy-in), open its `poker_table`
 * room, and on each of the seat's turns send the brain's decision as an "action" message naming the
 * table `version` it was decided on (a move on an older version is refused as poker/stale_action).
 */
import { DEFAULT_BOT_STYLE, decideBotAction } from "@casino/protocol/poker/bots/decide";
import type { TableAction } from "@casino/protocol/poker/engine/types";
import { POKER_TABLE_ROOM, type PokerJoinBody, pokerJoinBodySchema } from "@casino/protocol/schemas/poker";
import { PokerTableState } from "@casino/protocol/schemas/poker-table-state";
import type { Room } from "@colyseus/sdk";
import { botInputsOf, seatOfUser } from "./poker-view.ts";
import { roomClientOf } from "./rooms.ts";
import type { CasinoSession } from "./session.ts";

/** A table room of the synced table state. */
export type PokerTableRoom = Room<unknown, PokerTableState>;

/** A bot seated at a table. */
export interface PokerBotPlayer {
  room: PokerTableRoom;
  seat: number;
  /** Hand numbers the bot was dealt into. */
  hands: Set<number>;
  /** Actions sent. */
  actions: number;
  /** The room's refusals ("code: message"). */
  errors: string[];
  /** Leaves the room and the table (the stack goes back to the wallet). */
  leave(): Promise<void>;
}

/** Choices for sitting down; the brain's random source is injectable for repeatable scripts. */
export interface SitOptions extends Omit<PokerJoinBody, "walletAddress"> {
  random?: () => number;
  style?: typeof DEFAULT_BOT_STYLE;
}

/** The wire message for an engine action. */
function actionMessageOf(action: TableAction, version: number) {
  const actionType = action.type === "all_in" ? "all-in" : action.type;
  const amount = action.type === "bet" || action.type === "raise" ? action.amount : undefined;
  return { actionType, ...(amount === undefined ? {} : { amount }), version };
}

/** Sits the session at `tableId` and plays every turn with the bot brain until it leaves. */
export async function sitWithBotBrain(
  session: CasinoSession,
  tableId: string,
  options: SitOptions = {},
): Promise<PokerBotPlayer> {
  const { random = Math.random, style = DEFAULT_BOT_STYLE, ...join } = options;
  const body = pokerJoinBodySchema.parse({ walletAddress: session.walletAddress, ...join });
  const path = `/api/poker/tables/${encodeURIComponent(tableId)}`;
  const joined = await session.post<{ seatPosition?: number; message?: string; code?: string }>(
    `${path}/join`,
    body,
  );
  if (joined.status !== 200)
    throw new Error(`${joined.body.code ?? "sdk/join_failed"}: ${joined.body.message ?? joined.status}`);
  const room = (await roomClientOf(session).joinOrCreate(
    POKER_TABLE_ROOM,
    { tableId },
    PokerTableState,
  )) as PokerTableRoom;
  const player: PokerBotPlayer = {
    room,
    seat: joined.body.seatPosition ?? -1,
    hands: new Set(),
    actions: 0,
    errors: [],
    async leave() {
      room.onStateChange.remove(onChange);
      await room.leave().catch(() => undefined);
      const left = await session.post<{ code?: string; message?: string }>(`${path}/leave`, {
        walletAddress: session.walletAddress,
      });
      if (left.status !== 200)
        throw new Error(`${left.body.code ?? "sdk/leave_failed"}: ${left.body.message ?? left.status}`);
    },
  };
  let actedOn = -1;
  const onChange = (state: PokerTableState) => {
    const seat = seatOfUser(state, session.userId);
    if (seat < 0) return;
    player.seat = seat;
    if (state.players.get(String(seat))?.inHand && state.handNumber > 0) player.hands.add(state.handNumber);
    const inputs = botInputsOf(state, seat);
    if (!inputs || state.version === actedOn) return;
    let action: TableAction;
    try {
      action = decideBotAction(inputs.view, inputs.legal, random, style);
    } catch (error) {
      player.errors.push(`sdk/decision_failed: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    actedOn = state.version;
    room.send("action", actionMessageOf(action, state.version));
    player.actions += 1;
  };
  room.onMessage("error", (error: { code?: string; message?: string }) => {
    player.errors.push(`${error.code ?? "room/error"}: ${error.message ?? ""}`);
  });
  room.onMessage("*", () => undefined);
  room.onStateChange(onChange);
  if (room.state) onChange(room.state);
  return player;
}
