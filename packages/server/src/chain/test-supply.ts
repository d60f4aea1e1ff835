/** A test assertion shared by the cashier tests: the AMINA supply is conserved and custody backs the casino. */
import { AMINA_TOTAL_SUPPLY } from "@casino/protocol";
import { expect } from "vitest";
import type { TestCasino } from "../http/test-helpers.ts";
import { EXTERNAL_ACCOUNT } from "../ledger/accounts.ts";
import { checkLedgerInvariants, getBalances } from "../ledger/ledger.ts";

/**
 * The chain never holds more or less than the supply, and custody holds exactly the AMINA inside
 * the casino plus deposits sent but not yet credited.
 */
export async function expectSupplyConserved(casino: TestCasino) {
  const { db } = casino.handle;
  const custodyAddress = casino.services.chain.custodyAddress;
  const chain = await db.selectFrom("chain_accounts").select(["address", "amina"]).execute();
  expect(chain.reduce((sum, row) => sum + Number(row.amina), 0)).toBe(AMINA_TOTAL_SUPPLY);
  const custody = chain.find((row) => row.address === custodyAddress);
  const external = await getBalances(db, EXTERNAL_ACCOUNT);
  const uncredited = await db
    .selectFrom("chain_transfers")
    .select("amount")
    .where("to_address", "=", custodyAddress)
    .where("note", "=", "deposit")
    .where(
      "id",
      "not in",
      db.selectFrom("crypto_transactions").select("txn_hash").where("type", "=", "deposit"),
    )
    .execute();
  const pending = uncredited.reduce((sum, row) => sum + Number(row.amount), 0);
  expect(Number(custody?.amina ?? 0)).toBe(-external.AMINA + pending);
  const report = await checkLedgerInvariants(db);
  expect(report.mismatches).toEqual([]);
  expect(report.ok).toBe(true);
}
