/**
 * Invariant: no route or room handler takes money from a player without the responsible-gaming
 * gate (DESIGN.md section 2). The source is scanned: every function that writes the ledger or a
 * balance (the primitives below) either calls a gate earlier in its own body, or is listed here
 * with what it moves; a function listed as debiting a player for play is checked at each of its
 * call sites in turn, where the gate must run first (or the caller is such a function itself).
 * A new ledger writer fails this test until it passes the gate or is classified below.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { listSources, SOURCE_ROOT } from "./source-files.test-helpers.ts";

/** Calls that write the ledger or a balance. */
const PRIMITIVES =
  /\b(postTransfer|transferSteps|transferCoveredSteps|applyMovesSteps|recordTransactionSteps|fusedValues|withCreditsAndRecord|grant|withdraw)\s*\(|updateTable\("balances"\)/;

/** The gate: a call admits (and counts) a stake or a deposit against the player's locked row. */
const GATE =
  /\b(chargeStake|chargeStakeSteps|admitStakeSteps|admitLockedStake|chargeDeposit|chargeDepositSteps|placeStakeSteps|withAdmission)\s*\(/;

/** What a listed ledger writer moves. */
type Role =
  /** Takes a player's money for play: each caller must pass the gate first. */
  | "debits-for-play"
  /** Credits a player, moves house or escrow money, or pays a player out: nothing for the gate. */
  | "no-player-stake"
  /** The ledger itself (every scope under ledger/ and the money store, store/). */
  | "ledger";

/** The ledger layer: its writers are primitives, and its stake statements are checked below. */
function isLedgerLayer(file: string): boolean {
  return file.startsWith("ledger/") || file.startsWith("store/");
}

/** The one balance statement of the ledger layer that is a primitive (a guarded debit), not a stake. */
const DEBIT_PRIMITIVE = "store/ledger-statements.ts:debitIfCovered";

/** Every ledger writer outside the gate, by file and function, with what it moves. */
const WRITERS: Record<string, Role> = {
  "rounds/round-rows.ts:debitStake": "debits-for-play",
  "rounds/round-rows.ts:creditWin": "no-player-stake",
  "poker/escrow.ts:payIntoTable": "debits-for-play",
  "poker/escrow.ts:payOutOfTable": "no-player-stake",
  "poker/escrow.ts:payOutOfTableSteps": "no-player-stake",
  "poker/escrow.ts:takeRakeSteps": "no-player-stake",
  "poker/escrow.ts:payBotIntoTable": "no-player-stake", // the house pays a bot's chips
  "poker/recovery.ts:recoverTable": "no-player-stake",
  "poker/tournament/money.ts:payRegistration": "debits-for-play",
  "poker/tournament/money.ts:payBotRegistration": "no-player-stake", // the house pays a bot's seat
  "poker/tournament/money.ts:refundRegistration": "no-player-stake",
  "poker/tournament/money.ts:payPrizeSteps": "no-player-stake",
  "chain/cashier.ts:withdrawAmina": "no-player-stake", // money out
  "chain/simulated.ts:initialize": "no-player-stake", // the house float, from outside
  "users/grants.ts:claimDailyBonus": "no-player-stake",
  "users/grants.ts:claimDemoGrant": "no-player-stake",
  "users/connect.ts:createPlayer": "no-player-stake", // the new player's grant
};

/** One function (or method, or top-level constant) of a source file, with its text. */
interface Scope {
  id: string;
  file: string;
  name: string;
  text: string;
}

/** Where a top-level function or constant, or an object's method, starts, with its name. */
const SCOPE_START =
  /^(?:export\s+)?(?:async\s+)?function\*?\s+(\w+)|^(?:export\s+)?const\s+(\w+)\s*=|^ {4}(?:async\s+)?\*?(\w+)\s*\([^)]*\)\s*(?::[^{]*)?\{$/;
/** Where a class method starts (inside a class), with its name. */
const METHOD_START = /^ {2}(?:(?:private|public|static|async|readonly)\s+)*\*?(\w+)\s*(?:<[^>]*>)?\(/;

/** The scopes of one file, each running to the next scope's start. */
function readScopes(file: string, source: string): Scope[] {
  const scopes: Scope[] = [];
  let current: { name: string; lines: string[] } | null = null;
  let inClass = false;
  const close = () => {
    if (current)
      scopes.push({
        id: `${file}:${current.name}`,
        file,
        name: current.name,
        text: current.lines.join("\n"),
      });
  };
  for (const line of source.split("\n")) {
    if (/^(?:export\s+)?(?:abstract\s+)?class\s/.test(line)) inClass = true;
    else if (line === "}") inClass = false;
    const match = SCOPE_START.exec(line) ?? (inClass ? METHOD_START.exec(line) : null);
    const name = match?.slice(1).find((n) => n !== undefined);
    if (name && !["if", "for", "while", "switch", "return", "catch"].includes(name)) {
      close();
      current = { name, lines: [] };
    }
    current?.lines.push(line);
  }
  close();
  return scopes;
}

/** Every production scope under the source root. */
function readAllScopes(): Scope[] {
  return listSources(SOURCE_ROOT).flatMap((file) =>
    readScopes(file, readFileSync(join(SOURCE_ROOT, file), "utf8")),
  );
}

/** Whether the gate is called in `text` before the first match of `call`. */
function gatedBefore(text: string, call: RegExp): boolean {
  const at = text.search(call);
  const gate = text.search(GATE);
  return gate >= 0 && (at < 0 || gate < at);
}

/** A call of function `name` (not its declaration). */
function callOf(name: string): RegExp {
  return new RegExp(`(?<!function\\*?\\s+)(?<![\\w.])${name}\\s*\\(`);
}

/**
 * The runs of balance statements that move a balance before the gate: a statement admits the stake
 * in its own SQL, or every scope that runs it passes the gate before it does (and some scope does).
 */
function ungatedStatementRuns(scopes: readonly Scope[], statements: readonly Scope[]): string[] {
  const ungated: string[] = [];
  for (const statement of statements) {
    if (gatedBefore(statement.text, /updateTable\("balances"\)/)) continue;
    const call = callOf(statement.name);
    const runners = scopes.filter((s) => s !== statement && call.test(s.text));
    if (runners.length === 0) ungated.push(`${statement.id} is never run`);
    for (const runner of runners)
      if (!gatedBefore(runner.text, call)) ungated.push(`${runner.id} runs ${statement.name}`);
  }
  return ungated;
}

/** The writers the scan finds, and the players' debits each call site of which is not gated. */
function auditScopes(scopes: readonly Scope[]) {
  const writers = scopes.filter(
    (s) => !isLedgerLayer(s.file) && PRIMITIVES.test(s.text) && !gatedBefore(s.text, PRIMITIVES),
  );
  const unclassified = writers.map((s) => s.id).filter((id) => !(id in WRITERS));
  const ungated: string[] = [];
  const debits = Object.entries(WRITERS)
    .filter(([, role]) => role === "debits-for-play")
    .map(([id]) => id.split(":")[1] as string);
  for (const name of new Set(debits)) {
    const call = callOf(name);
    for (const scope of scopes) {
      if (scope.name === name || !call.test(scope.text)) continue;
      if (WRITERS[scope.id] === "debits-for-play") continue;
      if (!gatedBefore(scope.text, call)) ungated.push(`${scope.id} calls ${name}`);
    }
  }
  return { writers, unclassified, ungated };
}

describe("the responsible-gaming gate on every money-in path", () => {
  const scopes = readAllScopes();
  const audit = auditScopes(scopes);

  it("finds the ledger writers and the players' debits", () => {
    const ids = audit.writers.map((s) => s.id);
    expect(ids).toContain("rounds/round-rows.ts:debitStake");
    expect(ids).toContain("poker/tournament/money.ts:payRegistration");
    expect(scopes.some((s) => s.id === "poker/tournament/service.ts:register")).toBe(true);
    expect(scopes.some((s) => s.id === "poker/seat-steps.ts:planJoin")).toBe(true);
  });

  it("admits the stake of every balance statement written in SQL before it moves the balance", () => {
    const statements = scopes.filter(
      (s) => s.id !== DEBIT_PRIMITIVE && /updateTable\("balances"\)/.test(s.text),
    );
    expect(statements.map((s) => s.id)).toEqual([
      "store/postgres/one-trip-bet.ts:playInOneStatementQuery",
      "store/postgres/place-stake.ts:admitDebitAndAdvanceQuery",
      "store/sqlite-quick-bet.ts:settleBalanceQuery",
    ]);
    expect(ungatedStatementRuns(scopes, statements)).toEqual([]);
    // A statement that neither admits the stake itself nor is run after the gate is caught.
    const rogue = readScopes(
      "store/rogue.ts",
      [
        'const takeQuery = prepareQuery((q, p) => q.updateTable("balances").set({ balance: 0 }));',
        "export function* takeSteps(q) {",
        "  yield* runWrite(takeQuery(q, {}));",
        "}",
      ].join("\n"),
    );
    expect(ungatedStatementRuns([...scopes, ...rogue], [...statements, ...rogue.slice(0, 1)])).toEqual([
      "store/rogue.ts:takeSteps runs takeQuery",
    ]);
  });

  it("admits the stake before the money store places it on either database", () => {
    for (const id of [
      "store/sqlite-money-store.ts:placeStakeSteps",
      "store/postgres/place-stake.ts:placeStakeSteps",
    ]) {
      const scope = scopes.find((s) => s.id === id);
      expect(scope, id).toBeDefined();
      expect(GATE.test(scope?.text ?? ""), id).toBe(true);
    }
  });

  it("has every ledger writer outside the gate classified", () => {
    expect(audit.unclassified).toEqual([]);
  });

  it("passes the gate before every debit of a player for play", () => {
    expect(audit.ungated).toEqual([]);
  });

  it("catches a handler that debits a player without the gate", () => {
    const handler = [
      'router.post("/bad", async (req, res) => {',
      "  await runInTransaction(handle, (trx) => payIntoTable(trx, move));",
      "});",
    ].join("\n");
    const rogue = readScopes("http/routes/rogue.ts", `export const rogueRoutes = () => {\n${handler}\n};\n`);
    expect(auditScopes([...scopes, ...rogue]).ungated).toEqual([
      "http/routes/rogue.ts:rogueRoutes calls payIntoTable",
    ]);
    const writer = readScopes(
      "games/rogue.ts",
      "export function* stealSteps(q) {\n  yield* transferSteps(q, x);\n}\n",
    );
    expect(auditScopes([...scopes, ...writer]).unclassified).toEqual(["games/rogue.ts:stealSteps"]);
    const gated = readScopes(
      "games/fair.ts",
      "export async function pay(trx) {\n  await chargeStake(trx, u, c, 1);\n  await payRegistration(trx, e);\n}\n",
    );
    expect(auditScopes([...scopes, ...gated]).ungated).toEqual([]);
  });
});
