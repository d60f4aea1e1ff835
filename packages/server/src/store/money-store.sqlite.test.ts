/** The money store's contract on SQLite. */
import { describe } from "vitest";
import { describeMoneyStoreContract } from "./money-store.contract.ts";

describe("the money store's contract on SQLite", () => {
  describeMoneyStoreContract("sqlite", { quickBets: "read" });
});
