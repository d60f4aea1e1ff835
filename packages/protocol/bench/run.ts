/**
 * Runs every benchmark in this folder, one child process each, with progress; extra arguments
 * (e.g. --quick) are passed on. Exits non-zero if any benchmark fails.
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.endsWith(".test.ts"))
  .sort();
let failed = 0;
benches.forEach((file, i) => {
  process.stderr.write(`[${i + 1}/${benches.length}] ${file}\n`);
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(here, file), ...process.argv.slice(2)], {
    stdio: "inherit",
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) failed++;
  process.stderr.write(
    `[${i + 1}/${benches.length}] ${file} ${result.status === 0 ? "done" : "FAILED"} in ${seconds} s\n`,
  );
});
process.exit(failed === 0 ? 0 : 1);
