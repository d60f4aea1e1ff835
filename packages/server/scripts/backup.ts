/**
 * `./casino backup <file>`: a consistent copy of the casino's SQLite database, safe while the
 * casino runs (SQLite's online backup API in small steps; see src/db/backup.ts). Open the copy for
 * ad-hoc queries, never the live file. With DATABASE_URL set the data is in PostgreSQL: the command
 * says how to use pg_dump and copies nothing.
 */
import { join, resolve } from "node:path";
import { readCommandLine, readOrExit } from "@casino/protocol/cli/command-line";
import { loadConfig } from "../src/config.ts";
import { backupSqlite } from "../src/db/backup.ts";

const USAGE = "usage: ./casino backup <file>   (a new file; relative to the folder you run it from)";

const target = readOrExit(() => {
  const { positionals } = readCommandLine({});
  if (positionals.length !== 1) throw new Error("backup: one file name, please");
  return positionals[0]!;
}, USAGE);

const loaded = loadConfig();
if (!loaded.ok) {
  console.error(`backup: bad configuration\n  ${loaded.errors.join("\n  ")}`);
  process.exit(1);
}
const config = loaded.config;

if (config.databaseUrl) {
  const schema = config.databaseSchema ? ` --schema=${config.databaseSchema}` : "";
  console.error(
    [
      "backup: DATABASE_URL is set, so the casino's data is in PostgreSQL; this command copies SQLite files only.",
      "Take a consistent online dump with PostgreSQL's own tool instead, for example:",
      `  pg_dump --format=custom${schema} --file=${JSON.stringify(target)} "$DATABASE_URL"`,
      "and restore it with pg_restore. Run ad-hoc queries against a restored copy, not the live database.",
    ].join("\n"),
  );
  process.exit(1);
}

// pnpm runs root scripts from the repository root; INIT_CWD is where the command was typed.
const destination = resolve(process.env.INIT_CWD ?? process.cwd(), target);
const source = join(config.dataDir, "casino.sqlite");
console.log(`backup: copying ${source} to ${destination}`);
let lastPrinted = -1;
try {
  const result = await backupSqlite(source, destination, {
    onProgress: ({ totalPages, copiedPages }) => {
      const percent = totalPages === 0 ? 100 : Math.floor((copiedPages / totalPages) * 100);
      if (percent === lastPrinted || (percent < lastPrinted + 10 && percent !== 100)) return;
      lastPrinted = percent;
      console.log(`backup: ${percent}% (${copiedPages} of ${totalPages} pages)`);
    },
  });
  const megabytes = (result.bytes / 1024 / 1024).toFixed(1);
  console.log(`backup: done, ${destination} (${megabytes} MB, ${result.pages} pages, check ${result.check})`);
} catch (error) {
  console.error(`backup: failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
