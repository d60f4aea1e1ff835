/** How the lobby words a table: blinds, buy-in range, seats and status, and the bot-practice note. */
import { readCurrency } from "../../games/frame/gameAmounts.ts";
import { formatAmount, toUnits } from "../../ui/format.ts";
import type { TableSummary } from "../api/pokerApi.ts";

/** SPEC.md section 2: tables whose name contains "House" are for practice against bots. */
export function isPracticeTable(table: Pick<TableSummary, "name">): boolean {
  return table.name.includes("House");
}

/** "5/10". */
export function describeBlinds(table: Pick<TableSummary, "smallBlind" | "bigBlind">): string {
  return `${table.smallBlind}/${table.bigBlind}`;
}

/** "50 HC" for a fixed buy-in, "0.040 - 0.200 AMINA" for a range, in the casino's one money format. */
export function describeBuyIn(table: Pick<TableSummary, "buyInMin" | "buyInMax" | "currency">): string {
  const currency = readCurrency(table.currency);
  const low = formatAmount(toUnits(table.buyInMin), currency);
  const high = formatAmount(toUnits(table.buyInMax), currency);
  return table.buyInMin === table.buyInMax ? `${low} ${currency}` : `${low} - ${high} ${currency}`;
}

/** "2/6". */
export function describeSeats(table: Pick<TableSummary, "playerCount" | "maxPlayers">): string {
  return `${table.playerCount}/${table.maxPlayers}`;
}

const STATUS_WORDS: Record<string, string> = { waiting: "Waiting", playing: "Playing", full: "Full" };

/** The status as shown: Waiting, Playing or Full. */
export function describeStatus(table: Pick<TableSummary, "status">): string {
  return STATUS_WORDS[table.status] ?? table.status;
}

/** Everything one lobby row says about a table. */
export type TableRowWords = {
  practice: boolean;
  blinds: string;
  buyIn: string;
  seats: string;
  status: string;
};

/** The words of one lobby row, each as the functions above put it. */
export function describeTableRow(table: TableSummary): TableRowWords {
  return {
    practice: isPracticeTable(table),
    blinds: describeBlinds(table),
    buyIn: describeBuyIn(table),
    seats: describeSeats(table),
    status: describeStatus(table),
  };
}
