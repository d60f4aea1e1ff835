/** The money store's contract on PostgreSQL, with its one-round-trip bet. */
import { describe } from "vitest";
import { postgresUrlForTests } from "../db/test-databases.ts";
import { describeMoneyStoreContract } from "./money-store.contract.ts";

describe.runIf(postgresUrlForTests())("the money store's contract on PostgreSQL", () => {
  describeMoneyStoreContract("postgres", { quickBets: "guessed" });
});
