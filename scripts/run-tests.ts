/**
 * Runs every test as two vitest runs side by side: the browser files, one at a time in one process
 * that shares a Chromium and a casino between them (e2e/fixtures.ts), and every other project in a
 * second run. Vitest runs one group of projects with one worker count, so a single run could only
 * put the browser files in turn behind the rest, or two browser files against each other; this way
 * the browser files keep one core busy and the rest use the other.
 *
 * The browser run prints as it goes; the other run's report follows when both are done, then a
 * summary of both (each exit code and the failed tests' lines), so the end of the output names
 * whatever failed. The exit code is the first failing run's. Arguments make it one plain
 * `vitest run` with them, for a file or a project on its own.
 */
import { spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";

const BROWSER = ["--project", "browser"];
/** Every project but the browser's, so a project added to vitest.config.ts runs here without a change. */
const THE_REST = ["--project", "!browser"];

/**
 * Runs `vitest run` with the arguments; resolves to its exit code. Output goes to the terminal, a
 * file, or (`echo`) both.
 */
function vitest(args: readonly string[], logFile?: string, echo = false): Promise<number> {
  const log = logFile ? createWriteStream(logFile) : null;
  const child = spawn("vitest", ["run", ...args], {
    stdio: log ? ["ignore", "pipe", "pipe"] : "inherit",
    env: process.env,
  });
  if (log) {
    child.stdout?.pipe(log, { end: false });
    child.stderr?.pipe(log, { end: false });
    if (echo) {
      child.stdout?.pipe(process.stdout, { end: false });
      child.stderr?.pipe(process.stderr, { end: false });
    }
  }
  return new Promise((resolve) => {
    child.on("close", (code, signal) => {
      const exitCode = code ?? (signal ? 1 : 0);
      // The log is read once the run resolves: resolve when it is all written.
      if (log) log.end(() => resolve(exitCode));
      else resolve(exitCode);
    });
  });
}

/** The lines of a run's output that name a failed test or file (colour codes stripped), at most `limit`. */
function failedLines(output: string, limit = 30): string[] {
  const lines = stripVTControlCharacters(output).split("\n");
  return lines.filter((line) => /^\s*(FAIL|×)\s/.test(line)).slice(0, limit);
}

/** One run's line in the summary, and its failed tests under it. */
function summarize(name: string, code: number, output: string): string {
  if (code === 0) return `${name}: passed`;
  const failed = failedLines(output).map((line) => `  ${line.trim()}`);
  return [`${name}: FAILED (exit code ${code})`, ...failed].join("\n");
}

const passed = process.argv.slice(2);
if (passed.length > 0) process.exit(await vitest(passed));

const dir = await mkdtemp(join(tmpdir(), "casino-tests-"));
const restLog = join(dir, "rest.log");
const browserLog = join(dir, "browser.log");
const started = Date.now();
const rest = vitest(THE_REST, restLog).then((code) => {
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n[the other tests ended in ${seconds} s; their report follows the browser tests']\n`);
  return code;
});
const browser = await vitest(BROWSER, browserLog, true);
const restCode = await rest;
const restOutput = await readFile(restLog, "utf8");
console.log("\n── every project but the browser's ──\n");
console.log(restOutput);
console.log("── summary ──");
console.log(summarize("browser tests", browser, await readFile(browserLog, "utf8")));
console.log(summarize("the other tests", restCode, restOutput));
await rm(dir, { recursive: true, force: true });
process.exit(browser !== 0 ? browser : restCode);
