/**
 * The package's exports carry no test code: tests, their helpers and the differential reference
 * (which needs poker-ts, a dev dependency) resolve inside the package only, never by its name.
 */
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);
const srcDir = fileURLToPath(new URL(".", import.meta.url));

/** The package subpath of every source file under src (without the .ts). */
function subpaths(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => file.replaceAll("\\", "/").slice(0, -".ts".length));
}

/** Whether a file is test code. */
const isTestCode = (subpath: string) => /(\.test|\.test-helpers|\/test-helpers)$/.test(subpath);

/** Whether `@casino/protocol/<subpath>` resolves. */
function resolves(subpath: string): boolean {
  try {
    require.resolve(`@casino/protocol/${subpath}`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_PACKAGE_PATH_NOT_EXPORTED") return false;
    throw error;
  }
}

describe("the package's exports", () => {
  const all = subpaths();

  it("refuse every test file and test helper by the package's name", () => {
    const testCode = all.filter(isTestCode);
    expect(testCode).toContain("poker/engine/differential-reference.test-helpers");
    expect(testCode).toContain("poker/engine/test-helpers");
    expect(testCode.filter(resolves)).toEqual([]);
  });

  it("still give every other module", () => {
    const shipped = all.filter((subpath) => !isTestCode(subpath));
    expect(shipped).toContain("poker/engine/reducer");
    expect(shipped.filter((subpath) => !resolves(subpath))).toEqual([]);
  });
});
