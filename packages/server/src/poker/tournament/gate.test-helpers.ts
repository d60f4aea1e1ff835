/**
 * The register-while-excluded matrix, shared by the SQLite and the PostgreSQL suites: a Sit & Go
 * registration passes the responsible-gaming gate in its debit's transaction like every stake, so
 * a self-excluded player, one on a cool-off and one over a wager or loss limit are refused and
 * charged nothing, and an admitted registration counts toward "used" (its refund is a payout).
 */
import type { LimitsAnswer } from "@casino/protocol/schemas/responsible";
import { expect, it } from "vitest";
import type { TestCasino } from "../../http/test-helpers.ts";
import { checkLedgerInvariants, getBalances } from "../../ledger/ledger.ts";
import { createPlayer } from "../test-helpers.ts";
import { tournamentEscrowAccount } from "./money.ts";
import { listEntries, listTournamentsIn } from "./store.ts";

type Player = Awaited<ReturnType<typeof createPlayer>>;

/** The HC 6-max Sit & Go open for registration (11 HC: 10 buy-in, 1 fee). */
async function openHcSitAndGo(casino: TestCasino): Promise<string> {
  const open = await listTournamentsIn(casino.handle.db, ["registering"]);
  const t = open.find((row) => row.definition_id === "hc-6max");
  if (!t) throw new Error("no HC 6-max Sit & Go is registering");
  return t.id;
}

/** The limit slot `currency:kind:period` of the player's GET /api/limits. */
async function usedOf(player: Player, key: string): Promise<string | undefined> {
  const answer = (await player.client.get("/api/limits")).body as LimitsAnswer;
  const [currency, kind, period] = key.split(":");
  return answer.limits.find((l) => l.currency === currency && l.kind === kind && l.period === period)?.used;
}

/** The ways a player can be barred, each set through the player's own API. */
const BARRED: { name: string; code: string; bar(player: Player): Promise<unknown> }[] = [
  {
    name: "self-excluded for 6 months",
    code: "limits/self_excluded",
    bar: (p) => p.client.post("/api/self-exclusion", { months: 6 }),
  },
  {
    name: "on a 24 h cool-off",
    code: "limits/cooling_off",
    bar: (p) => p.client.post("/api/cool-off", { hours: 24 }),
  },
  {
    name: "under a 5 HC daily wager limit",
    code: "limits/wager_limit_reached",
    bar: (p) =>
      p.client.request("PUT", "/api/limits", {
        body: { limits: [{ currency: "HC", kind: "wager", period: "day", amount: 5 }] },
      }),
  },
  {
    name: "under a 5 HC daily loss limit",
    code: "limits/loss_limit_reached",
    bar: (p) =>
      p.client.request("PUT", "/api/limits", {
        body: { limits: [{ currency: "HC", kind: "loss", period: "day", amount: 5 }] },
      }),
  },
];

/** The matrix's tests, for a suite whose casino is `casino` (bots must not fill the seats meanwhile). */
export function itRefusesBarredRegistrations(casino: TestCasino): void {
  for (const barred of BARRED) {
    it(`refuses the Sit & Go registration of a player ${barred.name}, and charges nothing`, async () => {
      const player = await createPlayer(casino);
      const bar = (await barred.bar(player)) as { status: number };
      expect(bar.status).toBe(200);
      const id = await openHcSitAndGo(casino);
      const before = await getBalances(casino.handle.db, player.userId);
      const escrowBefore = await getBalances(casino.handle.db, tournamentEscrowAccount(id));
      const answer = await player.client.post(`/api/poker/tournaments/${id}/register`, {});
      expect(answer.status).toBe(403);
      expect(answer.body.code).toBe(barred.code);
      expect(answer.body.message).not.toMatch(/\b403\b|limits\//);
      expect(await getBalances(casino.handle.db, player.userId)).toEqual(before);
      expect(await getBalances(casino.handle.db, tournamentEscrowAccount(id))).toEqual(escrowBefore);
      expect((await listEntries(casino.handle.db, id)).map((e) => e.user_id)).not.toContain(player.userId);
    });
  }

  it("counts an admitted registration's 11 HC toward wager and loss used, and its refund as a payout", async () => {
    const player = await createPlayer(casino);
    const limits = [
      { currency: "HC", kind: "wager", period: "day", amount: 20 },
      { currency: "HC", kind: "loss", period: "day", amount: 20 },
    ];
    expect((await player.client.request("PUT", "/api/limits", { body: { limits } })).status).toBe(200);
    const id = await openHcSitAndGo(casino);
    expect((await player.client.post(`/api/poker/tournaments/${id}/register`, {})).status).toBe(200);
    expect(await usedOf(player, "HC:wager:day")).toBe("11");
    expect(await usedOf(player, "HC:loss:day")).toBe("11");
    expect((await player.client.request("DELETE", `/api/poker/tournaments/${id}/register`)).status).toBe(200);
    expect(await usedOf(player, "HC:loss:day")).toBe("0");
    expect(await usedOf(player, "HC:wager:day")).toBe("11");
    // 11 more would pass the 20 HC wager limit: refused, nothing charged.
    const before = await getBalances(casino.handle.db, player.userId);
    const again = await player.client.post(`/api/poker/tournaments/${id}/register`, {});
    expect(again.body.code).toBe("limits/wager_limit_reached");
    expect(await getBalances(casino.handle.db, player.userId)).toEqual(before);
    const report = await checkLedgerInvariants(casino.handle.db);
    expect(report.mismatches).toEqual([]);
  });
}
