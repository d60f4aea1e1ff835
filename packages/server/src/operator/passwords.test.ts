import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../temp-dir.test-helpers.ts";
import {
  hashPassword,
  isPasswordHash,
  loadPassword,
  MAX_PASSWORD_LENGTH,
  verifyPassword,
} from "./passwords.ts";

describe("operator passwords", () => {
  const dir = useTempDir("casino-passwords-");

  it("stores only a salted scrypt hash and accepts exactly the password", async () => {
    const hash = await hashPassword("orbit-7");
    expect(isPasswordHash(hash)).toBe(true);
    expect(hash).not.toContain("orbit-7");
    expect(await hashPassword("orbit-7")).not.toBe(hash); // fresh salt
    expect(await verifyPassword("orbit-7", hash)).toBe(true);
    for (const wrong of ["orbit-8", "orbit-7 ", "", 7, null, undefined, ["orbit-7"]]) {
      expect(await verifyPassword(wrong, hash)).toBe(false);
    }
    expect(await verifyPassword("x".repeat(MAX_PASSWORD_LENGTH + 1), hash)).toBe(false);
    expect(await verifyPassword("orbit-7", "plain-text-is-not-a-hash")).toBe(false);
  });

  it("reads the start option first, then the environment, then the data folder file", async () => {
    const file = "operator-password";
    expect(await loadPassword({ option: undefined, environment: " ", dataDir: dir, fileName: file })).toEqual(
      {
        hash: undefined,
        origin: "none",
      },
    );
    writeFileSync(join(dir, file), "from-file\n");
    const fromFile = await loadPassword({
      option: undefined,
      environment: undefined,
      dataDir: dir,
      fileName: file,
    });
    expect(fromFile.origin).toBe("file");
    expect(await verifyPassword("from-file", fromFile.hash ?? "")).toBe(true);
    const fromEnv = await loadPassword({
      option: undefined,
      environment: "from-env",
      dataDir: dir,
      fileName: file,
    });
    expect([fromEnv.origin, await verifyPassword("from-env", fromEnv.hash ?? "")]).toEqual([
      "environment",
      true,
    ]);
    const fromOption = await loadPassword({
      option: "from-option",
      environment: "from-env",
      dataDir: dir,
      fileName: file,
    });
    expect([fromOption.origin, await verifyPassword("from-option", fromOption.hash ?? "")]).toEqual([
      "option",
      true,
    ]);
  });

  it("takes a configured scrypt hash as is, so the plain password need not be stored anywhere", async () => {
    const hash = await hashPassword("hashed-elsewhere");
    const loaded = await loadPassword({
      option: undefined,
      environment: hash,
      dataDir: dir,
      fileName: "none",
    });
    expect(loaded.hash).toBe(hash);
    expect(await verifyPassword("hashed-elsewhere", loaded.hash ?? "")).toBe(true);
  });
});
