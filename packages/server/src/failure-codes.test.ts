/**
 * Every refusal code the server's code names is in the casino's one failure catalogue (protocol's
 * wire/failures.ts): each string literal shaped like a code ("area/snake_case") is either a
 * catalogue code or one of the few names of another kind listed here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isFailureCode } from "@casino/protocol";
import { describe, expect, it } from "vitest";
import { listSources, SOURCE_ROOT } from "./source-files.test-helpers.ts";

/** A string literal shaped like a namespaced code. */
const CODE_LITERAL = /["'`]([a-z]+\/[a-z]+(?:_[a-z]+)*)["'`]/g;

/** Literals shaped like codes that name something else: media types, security rules, fairness steps. */
const NOT_FAILURE_CODES = new Set([
  "application/json",
  "application/javascript",
  "operator/bearer",
  "operator/vault_password",
  "plinko/server_decides_path",
  "sirius/burst",
  "orion/replay",
  "lyra/commitment",
]);

/** Every code-shaped literal of the server's production code, with the file naming it. */
function codeLiterals(): { code: string; file: string }[] {
  const found: { code: string; file: string }[] = [];
  for (const file of listSources(SOURCE_ROOT)) {
    const text = readFileSync(join(SOURCE_ROOT, file), "utf8");
    for (const line of text.split("\n")) {
      if (/^\s*(import|export .* from|\*|\/\*|\/\/)/.test(line)) continue;
      const code = line.replace(/\s\/\/\s.*$/, ""); // a trailing comment is prose, not code
      for (const match of code.matchAll(CODE_LITERAL)) found.push({ code: match[1]!, file });
    }
  }
  return found;
}

describe("the server's failure codes", () => {
  const literals = codeLiterals();

  it("finds the codes it scans for (the scan is not empty)", () => {
    const codes = new Set(literals.map((found) => found.code));
    for (const code of [
      "bet/insufficient_balance",
      "poker/table_full",
      "crash/starting",
      "limits/self_excluded",
    ])
      expect(codes).toContain(code);
  });

  it("are all in the catalogue", () => {
    const outside = literals.filter(({ code }) => !isFailureCode(code) && !NOT_FAILURE_CODES.has(code));
    expect(outside.map(({ code, file }) => `${file}: ${code}`)).toEqual([]);
  });

  it("list only other names the code still uses, none spelled like a catalogue code", () => {
    const codes = new Set(literals.map((found) => found.code));
    const stale = [...NOT_FAILURE_CODES].filter((name) => isFailureCode(name) || !codes.has(name));
    expect(stale).toEqual([]);
  });
});
