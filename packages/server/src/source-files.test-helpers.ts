/** The server's own source files, as the tests that read its code scan them. */
import { readdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

/** The server package's source folder. */
export const SOURCE_ROOT = dirname(fileURLToPath(import.meta.url));

/** Whether a path is a test file or a helper that only tests import. */
export function isTestFile(path: string): boolean {
  const name = path.split("/").at(-1) ?? "";
  return name.endsWith(".test.ts") || name.includes("test-helpers") || name.startsWith("test-");
}

/** Every production .ts file under `root`, relative to it, sorted. */
export function listSources(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((path) => path.endsWith(".ts") && !isTestFile(path))
    .sort();
}
