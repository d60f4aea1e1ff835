/**
 * The baseline of bench/dice-pipeline.ts: a bare express + better-sqlite3 server whose dice handler
 * does only what a bet cannot do without: look the session up, run one guarded transaction (debit
 * the stake if the balance covers it, credit the win, insert the round row) and answer JSON. No
 * limits, no Origin or body-type checks, no provably-fair stream, no ledger postings.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import Database from "better-sqlite3";
import express from "express";

/** Starts the bare server on `dataDir` with `players` funded sessions; resolves its port and tokens. */
export async function startBareDiceServer(
  dataDir: string,
  players: number,
): Promise<{ port: number; tokens: string[]; transactionMicros(): number; close(): Promise<void> }> {
  const db = new Database(join(dataDir, "bare.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`
    CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, expires_at INTEGER NOT NULL);
    CREATE TABLE balances (user_id TEXT PRIMARY KEY, amount INTEGER NOT NULL);
    CREATE TABLE rounds (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, bet INTEGER NOT NULL,
      win INTEGER NOT NULL, roll REAL NOT NULL, created_at INTEGER NOT NULL);
  `);
  const hash = (token: string) => createHash("sha256").update(token).digest("hex");
  const tokens: string[] = [];
  for (let i = 0; i < players; i++) {
    const token = randomBytes(32).toString("base64url");
    const userId = randomUUID();
    db.prepare("INSERT INTO sessions VALUES (?, ?, ?)").run(hash(token), userId, Date.now() + 3_600_000);
    db.prepare("INSERT INTO balances VALUES (?, ?)").run(userId, 10_000_000_000_000);
    tokens.push(token);
  }
  const findSession = db.prepare<[string, number], { user_id: string }>(
    "SELECT user_id FROM sessions WHERE token_hash = ? AND expires_at > ?",
  );
  const debit = db.prepare("UPDATE balances SET amount = amount - ? WHERE user_id = ? AND amount >= ?");
  const credit = db.prepare("UPDATE balances SET amount = amount + ? WHERE user_id = ?");
  const insertRound = db.prepare("INSERT INTO rounds VALUES (?, ?, ?, ?, ?, ?)");
  const balanceOf = db.prepare<[string], { amount: number }>("SELECT amount FROM balances WHERE user_id = ?");
  const play = db.transaction((userId: string, bet: number, win: number, roll: number) => {
    if (debit.run(bet, userId, bet).changes !== 1) return undefined;
    if (win > 0) credit.run(win, userId);
    insertRound.run(randomUUID(), userId, bet, win, roll, Date.now());
    return balanceOf.get(userId)?.amount;
  });

  // CPU time (µs) spent inside the bets' transactions: the database half of the bare bet.
  let transactionMicros = 0;
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.use(express.json({ limit: "16kb" }));
  app.post("/api/games/dice", (req, res) => {
    const token = /casino_session=([^;]+)/.exec(req.headers.cookie ?? "")?.[1];
    const session = token ? findSession.get(hash(token), Date.now()) : undefined;
    if (!session) return void res.status(401).json({ code: "auth/no_session" });
    const bet = Math.round(Number(req.body?.betAmount) * 1_000_000);
    if (!Number.isSafeInteger(bet) || bet <= 0) return void res.status(400).json({ code: "input/invalid" });
    const roll = Math.random() * 100;
    const win = roll < 49.5 ? bet * 2 : 0;
    const started = process.threadCpuUsage();
    const balance = play(session.user_id, bet, win, roll);
    const used = process.threadCpuUsage(started);
    transactionMicros += used.user + used.system;
    if (balance === undefined) return void res.status(400).json({ code: "bet/insufficient_balance" });
    res.json({ roll, win: win > 0, payout: win / 1_000_000, houseBalance: balance / 1_000_000 });
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    tokens,
    transactionMicros: () => transactionMicros,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          db.close();
          resolve();
        });
      }),
  };
}
