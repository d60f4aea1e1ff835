import { generateAccount } from "algosdk";
import { describe, expect, it } from "vitest";
import { signChallenge, signChallengeTransaction } from "../../auth/wallet-signing.ts";
import {
  connectDemoClient,
  countRows,
  createClient,
  randomDemoAddress,
  securityEventsOf,
  snapshotMoney,
  useCasino,
} from "../test-helpers.ts";

const casino = useCasino();

const countUsers = () => countRows(casino.handle.db, "users");

describe("POST /api/users with a demo identity", () => {
  it("creates the user with 1000 HC, opens an HttpOnly session and reads it back", async () => {
    const client = createClient(casino.url);
    const address = randomDemoAddress();
    const answer = await client.post("/api/users", { walletAddress: address });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      walletAddress: address,
      username: `cosmic_${address.slice(-8)}`,
      aminaBalance: "0",
      houseBalance: "1000",
    });
    const cookie = answer.headers.getSetCookie()[0] ?? "";
    expect(cookie).toMatch(/^casino_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect((await client.get("/api/session")).body).toEqual({
      walletAddress: address,
      userId: answer.body.id,
    });
    expect((await client.get(`/api/users/${address}`)).body).toEqual(answer.body);
    expect((await client.get(`/api/users/${answer.body.id}`)).body).toEqual(answer.body);
  });

  it("takes a chosen username and refuses a malformed one", async () => {
    const client = createClient(casino.url);
    const named = await client.post("/api/users", {
      walletAddress: randomDemoAddress(),
      username: "star_pilot",
    });
    expect(named.body.username).toBe("star_pilot");
    const bad = await createClient(casino.url).post("/api/users", {
      walletAddress: randomDemoAddress(),
      username: "<script>",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("input/invalid");
  });

  it("reconnects the same session without a second grant and rotates the token", async () => {
    const { client, user, address } = await connectDemoClient(casino.url);
    const oldToken = client.token;
    const before = await snapshotMoney(casino.handle.db);
    const again = await client.post("/api/users", { walletAddress: address });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(user.id);
    expect(again.body.houseBalance).toBe("1000");
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect(client.token).not.toBe(oldToken);
    const stale = await createClient(casino.url).request("GET", "/api/session", {
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(stale.body).toEqual({ walletAddress: null, userId: null });
  });

  it("refuses a demo identity to another session (403, no session, nothing moved)", async () => {
    const { address } = await connectDemoClient(casino.url);
    const intruder = createClient(casino.url);
    const before = await snapshotMoney(casino.handle.db);
    const answer = await intruder.post("/api/users", { walletAddress: address });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe("auth/demo_taken");
    expect(intruder.token).toBeUndefined();
    expect(await snapshotMoney(casino.handle.db)).toEqual(before);
    expect((await securityEventsOf(casino, "wallet_mismatch")).some((e) => e.details.includes(address))).toBe(
      true,
    );
  });

  it("keeps a demo identity bound to its session even when the intruder holds another session", async () => {
    const { address } = await connectDemoClient(casino.url);
    const { client: other } = await connectDemoClient(casino.url);
    const answer = await other.post("/api/users", { walletAddress: address });
    expect(answer.status).toBe(403);
  });

  it("ends the session on DELETE and then refuses the old demo identity to the fresh browser state", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const token = client.token;
    const ended = await client.request("DELETE", "/api/session");
    expect(ended.status).toBe(204);
    expect(client.token).toBeUndefined();
    expect((await client.get("/api/session")).body).toEqual({ walletAddress: null, userId: null });
    const replay = await createClient(casino.url).request("GET", "/api/session", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(replay.body.userId).toBeNull();
    expect((await client.post("/api/users", { walletAddress: address })).status).toBe(403);
  });

  it("accepts the session token as a bearer header", async () => {
    const { client, address } = await connectDemoClient(casino.url);
    const bearer = await createClient(casino.url).request("GET", `/api/users/${address}`, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(bearer.status).toBe(200);
    expect(bearer.body.walletAddress).toBe(address);
  });
});

describe("POST /api/users refuses malformed addresses", () => {
  const real = generateAccount().addr.toString();
  it.each([
    ["57 characters", real.slice(0, 57)],
    ["a bad checksum", `${real.slice(0, 10)}${real[10] === "A" ? "B" : "A"}${real.slice(11)}`],
    ["lowercase", real.toLowerCase()],
    ["a short demo", "DEMO12345678"],
    ["a number", 12345],
    ["null", null],
    ["nothing", undefined],
  ])("with %s: 400 Invalid wallet address format, no user, no session", async (_label, walletAddress) => {
    const client = createClient(casino.url);
    const users = await countUsers();
    const answer = await client.post("/api/users", { walletAddress });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Invalid wallet address format/);
    expect(client.token).toBeUndefined();
    expect(await countUsers()).toBe(users);
  });
});

describe("GET /api/users/{wallet}", () => {
  it("is 401 without a session and 403 for another user, by address or id", async () => {
    const { user: mine, client } = await connectDemoClient(casino.url);
    const { user: theirs } = await connectDemoClient(casino.url);
    expect((await createClient(casino.url).get(`/api/users/${mine.walletAddress}`)).status).toBe(401);
    expect((await client.get(`/api/users/${theirs.walletAddress}`)).status).toBe(403);
    expect((await client.get(`/api/users/${theirs.id}`)).status).toBe(403);
    expect((await client.get("/api/users/DEMOUNKNOWN00")).status).toBe(403);
  });
});

describe("connecting an Algorand address", () => {
  const account = generateAccount();
  const address = account.addr.toString();

  const challengeFor = async (client = createClient(casino.url), wallet = address) => {
    const answer = await client.post("/api/auth/challenge", { walletAddress: wallet });
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.expiresAt)).toBeGreaterThan(Date.now());
    return answer.body as { challengeId: string; challenge: string };
  };

  /** Connects the account with a fresh challenge and the proof `prove` makes of it. */
  const connectWithProof = async (prove: (challenge: string) => Record<string, unknown>) => {
    const client = createClient(casino.url);
    const { challengeId, challenge } = await challengeFor(client);
    const answer = await client.post("/api/users", {
      walletAddress: address,
      challengeId,
      ...prove(challenge),
    });
    return { client, answer };
  };

  it("connects with a signature over a fresh challenge", async () => {
    const { client, answer } = await connectWithProof((challenge) => ({
      signature: signChallenge(account, challenge),
    }));
    expect(answer.status).toBe(201);
    expect(answer.body.walletAddress).toBe(address);
    expect(answer.body.houseBalance).toBe("1000");
    expect((await client.get("/api/session")).body.walletAddress).toBe(address);
  });

  it("connects with a signed zero-amount self-payment carrying the challenge", async () => {
    const { client, answer } = await connectWithProof((challenge) => ({
      signedTransaction: signChallengeTransaction(account, challenge),
    }));
    expect(answer.status).toBe(200);
    expect(client.token).toBeDefined();
  });

  it("refuses a wrong signature, a replayed or expired challenge, and no proof: 401 and no session", async () => {
    const impostor = generateAccount();
    const stranger = generateAccount().addr.toString();
    const attempt = async (body: Record<string, unknown>) => {
      const client = createClient(casino.url);
      const users = await countUsers();
      const answer = await client.post("/api/users", { walletAddress: stranger, ...body });
      expect(client.token).toBeUndefined();
      expect(await countUsers()).toBe(users);
      return answer;
    };
    const first = await challengeFor(undefined, stranger);
    const wrong = await attempt({
      challengeId: first.challengeId,
      signature: signChallenge(impostor, first.challenge),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe("auth/bad_signature");
    // The challenge was consumed by the failed attempt: it cannot be used again.
    const replay = await attempt({
      challengeId: first.challengeId,
      signature: signChallenge(impostor, first.challenge),
    });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe("auth/challenge_invalid");
    expect((await attempt({})).body.code).toBe("auth/proof_required");
    expect((await attempt({ challengeId: "nope", signature: "AAAA" })).body.code).toBe(
      "auth/challenge_invalid",
    );
    expect((await securityEventsOf(casino, "auth_failure")).length).toBeGreaterThanOrEqual(4);
  });

  it("refuses a used challenge even with a valid signature, and an expired one", async () => {
    const used = await challengeFor();
    const ok = await createClient(casino.url).post("/api/users", {
      walletAddress: address,
      challengeId: used.challengeId,
      signature: signChallenge(account, used.challenge),
    });
    expect(ok.status).toBe(200);
    const replay = await createClient(casino.url).post("/api/users", {
      walletAddress: address,
      challengeId: used.challengeId,
      signature: signChallenge(account, used.challenge),
    });
    expect(replay.status).toBe(401);
    const late = await challengeFor();
    casino.advanceClock(5 * 60 * 1000 + 1);
    const expired = await createClient(casino.url).post("/api/users", {
      walletAddress: address,
      challengeId: late.challengeId,
      signature: signChallenge(account, late.challenge),
    });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("auth/challenge_invalid");
  });

  it("refuses a challenge issued for another address", async () => {
    const other = generateAccount();
    const theirs = await challengeFor(undefined, other.addr.toString());
    const answer = await createClient(casino.url).post("/api/users", {
      walletAddress: address,
      challengeId: theirs.challengeId,
      signature: signChallenge(account, theirs.challenge),
    });
    expect(answer.status).toBe(401);
  });

  it("issues challenges only for well-formed Algorand addresses", async () => {
    const client = createClient(casino.url);
    expect((await client.post("/api/auth/challenge", { walletAddress: "DEMOABC123XYZ" })).status).toBe(400);
    const bad = await client.post("/api/auth/challenge", { walletAddress: address.slice(1) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Invalid wallet address format");
    expect((await client.post("/api/auth/challenge", {})).status).toBe(400);
  });
});
