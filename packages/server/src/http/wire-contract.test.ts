/**
 * The wire contract holds: what the routes really answer parses with the protocol schemas the
 * client reads them with (the table list and view, a join and a move, the operator's dashboard).
 */
import {
  chainBalanceSchema,
  comprehensiveScanSchema,
  cryptoStatusSchema,
  cryptoTransactionSchema,
  domStatsSchema,
  gameSessionRecordSchema,
  hackerStatsSchema,
  personaStatsSchema,
  pokerJoinAnswerSchema,
  pokerLeaveAnswerSchema,
  pokerMoveAnswerSchema,
  realTimeVulnerabilitiesSchema,
  seedInfoSchema,
  seedRotationSchema,
  sessionInfoSchema,
  tableListSchema,
  timelineSchema,
  userRecordSchema,
  vaultLogsSchema,
  viewerTableViewSchema,
} from "@casino/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loginOperator, startOperatorCasino, TEST_VAULT_PASSWORD } from "../operator/test-helpers.ts";
import { createPlayer, fastPokerOptions } from "../poker/test-helpers.ts";
import type { TestCasino } from "./test-helpers.ts";

/** The body parsed strictly by its schema (a failure names the fields that broke the contract). */
function expectContract<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new Error(
      `answer breaks its schema: ${JSON.stringify(body).slice(0, 300)} ${JSON.stringify(parsed.error.issues)}`,
    );
  return parsed.data;
}

describe("wire contract", () => {
  let casino: TestCasino;
  beforeAll(async () => {
    casino = await startOperatorCasino(
      {},
      { poker: fastPokerOptions({ autoStartDelayMs: 60_000, bots: false }) },
    );
  });
  afterAll(() => casino?.stop());

  it("poker answers parse with the schemas the client reads them with", async () => {
    const p = await createPlayer(casino);
    const other = await createPlayer(casino);
    const list = expectContract(tableListSchema, (await p.client.get("/api/poker/tables")).body);
    expect(list.length).toBeGreaterThan(0);
    const idle = expectContract(
      viewerTableViewSchema,
      (await p.client.get("/api/poker/tables/orion-9-max")).body,
    );
    expect(idle).toMatchObject({ mySeat: -1, players: [], legalActions: null, lastHand: null });

    const path = "/api/poker/tables/house-alpha";
    const joined = await p.client.post(`${path}/join`, { walletAddress: p.address, playerName: "Ada" });
    expect(joined.status).toBe(200);
    expect(expectContract(pokerJoinAnswerSchema, joined.body).table?.mySeat).toBeGreaterThanOrEqual(0);
    await other.client.post(`${path}/join`, { walletAddress: other.address, playerName: "Bo" });
    const started = await p.client.post(`${path}/start-hand`, { walletAddress: p.address });
    expect(started.status).toBe(200);
    const table = expectContract(pokerMoveAnswerSchema, started.body).table;
    expect(table.players).toHaveLength(2);
    expect(table.legalActions).not.toBeNull();
    const live = expectContract(viewerTableViewSchema, (await p.client.get(path)).body);
    expect(live.players.find((seat) => seat.seatPosition === live.mySeat)?.holeCards).toHaveLength(2);
    const left = await p.client.post(`${path}/leave`, { walletAddress: p.address });
    expectContract(pokerLeaveAnswerSchema, left.body);
  });

  it("player answers parse with the schemas the client reads them with", async () => {
    const p = await createPlayer(casino);
    const wallet = encodeURIComponent(p.address);
    const session = expectContract(sessionInfoSchema, (await p.client.get("/api/session")).body);
    expect(session.walletAddress).toBe(p.address);
    expectContract(userRecordSchema, (await p.client.get(`/api/users/${wallet}`)).body);
    expectContract(cryptoStatusSchema, (await p.client.get("/api/crypto/status")).body);
    const transactions = (await p.client.get(`/api/crypto/transactions/${wallet}`)).body;
    expectContract(z.array(cryptoTransactionSchema), transactions);
    expectContract(chainBalanceSchema, (await p.client.get(`/api/crypto/chain-balance/${wallet}`)).body);
    expectContract(seedInfoSchema, (await p.client.get(`/api/game-seeds/current/${wallet}`)).body);
    const rotated = await p.client.post("/api/game-seeds/new-server-seed", {});
    expectContract(seedRotationSchema, rotated.body);
    const rounds = (await p.client.get(`/api/game-sessions/${wallet}`)).body;
    expectContract(z.array(gameSessionRecordSchema), rounds);
  });

  it("operator answers parse with the dashboard's schemas", async () => {
    const operator = await loginOperator(casino.url);
    expectContract(domStatsSchema, (await operator.get("/api/security/dom")).body);
    expectContract(comprehensiveScanSchema, (await operator.get("/api/security/comprehensive")).body);
    expectContract(hackerStatsSchema, (await operator.get("/api/security/hackers")).body);
    expectContract(
      realTimeVulnerabilitiesSchema,
      (await operator.get("/api/security/real-time-vulnerabilities")).body,
    );
    expectContract(timelineSchema, (await operator.get("/api/security/timeline?minutes=5")).body);
    expectContract(personaStatsSchema, (await operator.get("/api/security/lyra/stats")).body);
    const vault = await operator.get("/api/security/sirius/vault", {
      "x-vault-password": TEST_VAULT_PASSWORD,
    });
    expectContract(vaultLogsSchema, vault.body);
  });
});
