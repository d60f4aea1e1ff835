/**
 * One host per running Sit & Go, fenced by its lease's token. Invariants: once another process
 * has taken the lease (a higher token), this host stores nothing more (no hand, no stack, no
 * prize) and closes its copy of the table; it does not take back a tournament whose lease another
 * live process holds; once that lease has expired it takes over under a new token and play goes on
 * from the stored stacks, with the escrow and the ledger exact throughout.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { runSteps } from "../../db/transaction.ts";
import { useCasino } from "../../http/test-helpers.ts";
import { checkLedgerInvariants, getBalances } from "../../ledger/ledger.ts";
import { createPlayer, startTournamentCasino, waitFor } from "../test-helpers.ts";
import { tournamentEscrowAccount } from "./money.ts";
import { findTournament, listEntries, listTournamentsIn, saveProgressSteps } from "./store.ts";

const HC = 1_000_000;

describe("a Sit & Go's fenced host lease", () => {
  const casino = useCasino(() => startTournamentCasino(60_000, { leaseTtlMs: 600 }));

  /** The stored facts of a tournament that a host writes. */
  async function readStored(id: string) {
    const t = await findTournament(casino.handle.db, id);
    const entries = await listEntries(casino.handle.db, id);
    return {
      handCount: t?.hand_count,
      status: t?.status,
      stacks: entries.map((e) => [e.player_id, e.stack, e.place]),
      escrow: (await getBalances(casino.handle.db, tournamentEscrowAccount(id))).HC,
    };
  }

  it("refuses a stale host's writes, waits out a live lease elsewhere, and takes over an expired one", async () => {
    const human = await createPlayer(casino);
    const open = await listTournamentsIn(casino.handle.db, ["registering"]);
    const id = open.find((t) => t.definition_id === "hc-6max")!.id;
    expect((await human.client.post(`/api/poker/tournaments/${id}/register`, {})).status).toBe(200);
    const service = casino.services.tournaments;
    await waitFor(() => service.tableOf(id), 10_000, "the tournament to start here");
    const started = (await findTournament(casino.handle.db, id))!;
    expect(started.host_owner).toBe(casino.services.poker.settings.nodeId);
    expect(started.host_token).toBe(1);
    for (let i = 0; i < 400 && ((await findTournament(casino.handle.db, id))?.hand_count ?? 0) < 2; i++)
      await new Promise((resolve) => setTimeout(resolve, 25));

    // Another process takes the lease over (as after this host stalled past its expiry).
    const far = Date.now() + 3_600_000;
    await sql`update tournaments set host_owner = 'elsewhere', host_token = host_token + 1,
      host_expires_at = ${far} where id = ${id}`.execute(casino.handle.db);
    const takeoverAt = Date.now();
    const atTakeover = await readStored(id);
    expect(atTakeover.status).toBe("running");
    // A settlement under the old token stores nothing.
    const stale = runSteps(casino.handle, (q) => saveProgressSteps(q, id, 1, 999, Date.now()));
    await expect(stale).rejects.toThrow(/stale/);
    await waitFor(() => service.tableOf(id) === undefined, 10_000, "the stale host to close its table");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await readStored(id)).toEqual(atTakeover);
    // Nor does it deal a new hand: no hand row was started after the takeover.
    const dealt = await sql<{ n: number }>`select count(*) as n from poker_hands
      where table_id = ${`sng-${id}`} and started_at > ${takeoverAt}`.execute(casino.handle.db);
    expect(Number(dealt.rows[0]?.n)).toBe(0);
    expect(atTakeover.escrow).toBe(60 * HC);
    expect(atTakeover.stacks.reduce((sum, [, stack]) => sum + Number(stack), 0)).toBe(6 * 1500);
    // The live lease elsewhere is left alone.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(service.tableOf(id)).toBeUndefined();
    expect((await findTournament(casino.handle.db, id))?.host_owner).toBe("elsewhere");

    // That process died: its lease expires, and this one takes over under a new token.
    await sql`update tournaments set host_expires_at = 0 where id = ${id}`.execute(casino.handle.db);
    await waitFor(() => service.tableOf(id), 10_000, "the takeover");
    const taken = (await findTournament(casino.handle.db, id))!;
    expect(taken.host_owner).toBe(casino.services.poker.settings.nodeId);
    expect(taken.host_token).toBe(3);
    for (let i = 0; i < 400; i++) {
      const now = await findTournament(casino.handle.db, id);
      if ((now?.hand_count ?? 0) > (atTakeover.handCount ?? 0)) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await findTournament(casino.handle.db, id))!.hand_count).toBeGreaterThan(
      atTakeover.handCount ?? 0,
    );
    const report = await checkLedgerInvariants(casino.handle.db);
    expect(report.mismatches).toEqual([]);
  }, 60_000);
});
