/** The poker REST calls of SPEC.md section 7, each returning a value (never throwing). */
import {
  type LobbyTable,
  type PokerChipAnswer,
  type PokerJoinAnswer,
  type PokerLeaveAnswer,
  type PokerMoveAnswer,
  pokerChipAnswerSchema,
  pokerJoinAnswerSchema,
  pokerLeaveAnswerSchema,
  pokerMoveAnswerSchema,
  type ViewerTableView,
  viewerTableViewSchema,
} from "@casino/protocol/schemas/poker-view";
import { type ApiResult, createIdempotencyKey, requestApi } from "../../api/http.ts";

/** One table of the lobby list (GET /api/poker/tables and the lobby room). Buy-ins are in coins. */
export type TableSummary = LobbyTable;

/** POST /api/poker/tables/{id}/join: the seat taken, possibly at another table (`newTable`). */
export type JoinAnswer = PokerJoinAnswer;

/** POST /api/poker/chip-transaction: the server's text and the new stack. */
export type ChipAnswer = PokerChipAnswer;

/** POST /api/poker/tables/{id}/leave: `pending` when the seat goes only after the hand. */
export type LeaveAnswer = PokerLeaveAnswer;

/** What a seat needs to join: the wallet (checked against the session), buy-in in coins, name. */
export type JoinRequest = {
  walletAddress: string;
  currency: string;
  buyInAmount?: string;
  playerName?: string;
};

/** Path of the table list. */
export const POKER_TABLES_PATH = "/api/poker/tables";

/** Path of one table's view as the session's player may see it. */
export function pokerTablePath(tableId: string): string {
  return `${POKER_TABLES_PATH}/${encodeURIComponent(tableId)}`;
}

/** Path of a played hand's PokerStars-style history text. */
export function handHistoryPath(handId: string): string {
  return `/api/poker/hands/${encodeURIComponent(handId)}/history.txt`;
}

/** Path of a finished hand's opened deck positions (board, shown hands, and the session's own cards). */
export function handOpeningPath(handId: string): string {
  return `/api/poker/hands/${encodeURIComponent(handId)}/opening`;
}

/** Takes a seat; the server moves the buy-in into the table's escrow once per idempotency key. */
export function joinTable(tableId: string, request: JoinRequest): Promise<ApiResult<JoinAnswer>> {
  return requestApi(
    "POST",
    `${pokerTablePath(tableId)}/join`,
    { body: request, idempotencyKey: createIdempotencyKey() },
    pokerJoinAnswerSchema,
  );
}

/** A move at a seated table: the table after it, or the refusal. */
function postMove(tableId: string, move: string, body: object): Promise<ApiResult<PokerMoveAnswer>> {
  return requestApi("POST", `${pokerTablePath(tableId)}/${move}`, { body }, pokerMoveAnswerSchema);
}

/** Deals now instead of waiting for the automatic start. */
export function startHand(tableId: string, walletAddress: string): Promise<ApiResult<PokerMoveAnswer>> {
  return postMove(tableId, "start-hand", { walletAddress });
}

/**
 * A betting action over REST (the fallback while the room is unreachable); amount in chips,
 * `version` the table version the action was taken on.
 */
export function actAtTable(
  tableId: string,
  walletAddress: string,
  actionType: string,
  version: number,
  amount?: number,
): Promise<ApiResult<PokerMoveAnswer>> {
  const chips = amount === undefined ? {} : { amount };
  return postMove(tableId, "action", {
    playerId: walletAddress,
    walletAddress,
    actionType,
    version,
    ...chips,
  });
}

/** Sits out from the next hand, or comes back (REST fallback of the room's "sitOut"). */
export function sitOutAtTable(tableId: string, walletAddress: string, sittingOut: boolean) {
  return postMove(tableId, "sit-out", { walletAddress, sittingOut });
}

/** Queues check/fold or call any, or clears it (REST fallback of the room's "preAction"). */
export function setPreActionAtTable(tableId: string, walletAddress: string, preAction: string) {
  return postMove(tableId, "pre-action", { walletAddress, preAction });
}

/** Leaves the table; the stack goes back to the balance (after the hand when one is running). */
export function leaveTable(tableId: string, walletAddress: string): Promise<ApiResult<LeaveAnswer>> {
  return requestApi(
    "POST",
    `${pokerTablePath(tableId)}/leave`,
    { body: { walletAddress }, idempotencyKey: createIdempotencyKey() },
    pokerLeaveAnswerSchema,
  );
}

/** Buys chips with AMINA or cashes chips out, at the table the player sits at. */
export function moveChips(
  walletAddress: string,
  action: "buy" | "cashout",
  aminaAmount: string,
  tableId: string,
): Promise<ApiResult<ChipAnswer>> {
  return requestApi(
    "POST",
    "/api/poker/chip-transaction",
    { body: { walletAddress, action, aminaAmount, tableId }, idempotencyKey: createIdempotencyKey() },
    pokerChipAnswerSchema,
  );
}

/** One table's view over REST (the fallback while the room is unreachable). */
export function getTable(tableId: string, signal?: AbortSignal): Promise<ApiResult<ViewerTableView>> {
  return requestApi("GET", pokerTablePath(tableId), signal ? { signal } : {}, viewerTableViewSchema);
}
