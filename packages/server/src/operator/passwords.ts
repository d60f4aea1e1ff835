/**
 * Operator passwords: kept only as scrypt hashes ("scrypt$<salt hex>$<hash hex>") and compared in
 * constant time. A configured value may be the plain password (hashed at start) or such a hash.
 * Checks run at most PASSWORD_CHECK_SLOTS at once per process (scrypt holds a thread-pool thread
 * for tens of ms); a check that finds the queue full is refused (SlotsBusyError) without hashing.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createCheckSlots } from "./check-slots.ts";

const KEY_LENGTH = 32;
const SCRYPT_COST = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const PREFIX = "scrypt$";

/** Longest password accepted for checking (longer ones are refused without hashing). */
export const MAX_PASSWORD_LENGTH = 1024;

/** Password checks hashing at once in this process, and checks allowed to wait for one. */
export const PASSWORD_CHECK_SLOTS = { running: 2, waiting: 16 } as const;
const checkSlots = createCheckSlots(PASSWORD_CHECK_SLOTS.running, PASSWORD_CHECK_SLOTS.waiting);
let checksHashed = 0;

/** How many candidate passwords this process has hashed (the throttle tests count them). */
export function passwordChecksHashed(): number {
  return checksHashed;
}

/** Password checks hashing right now in this process (never above PASSWORD_CHECK_SLOTS.running). */
export function passwordChecksRunning(): number {
  return checkSlots.running();
}

function deriveKey(secret: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, SCRYPT_COST, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** Hashes a password for storage (a fresh salt each time). */
export async function hashPassword(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return `${PREFIX}${salt.toString("hex")}$${(await deriveKey(secret, salt)).toString("hex")}`;
}

/** Whether a configured value is already a stored hash rather than a plain password. */
export function isPasswordHash(value: string): boolean {
  return /^scrypt\$[0-9a-f]{32}\$[0-9a-f]{64}$/.test(value);
}

/**
 * Checks a candidate against a stored hash in constant time; false for anything malformed. Rejects
 * with SlotsBusyError when too many checks are already waiting.
 */
export async function verifyPassword(candidate: unknown, stored: string): Promise<boolean> {
  if (typeof candidate !== "string" || candidate.length === 0 || candidate.length > MAX_PASSWORD_LENGTH)
    return false;
  if (!isPasswordHash(stored)) return false;
  const [, saltHex = "", hashHex = ""] = stored.split("$");
  const expected = Buffer.from(hashHex, "hex");
  const actual = await checkSlots.run(() => {
    checksHashed++;
    return deriveKey(candidate, Buffer.from(saltHex, "hex"));
  });
  return timingSafeEqual(actual, expected);
}

/** Where a password came from, for the start-up log (never the value). */
export type PasswordOrigin = "option" | "environment" | "file" | "none";

/** A loaded password: its hash, or undefined when none is configured. */
export interface LoadedPassword {
  hash: string | undefined;
  origin: PasswordOrigin;
}

/** Reads a file's trimmed text, or undefined when it does not exist or is empty. */
async function readSecretFile(path: string): Promise<string | undefined> {
  try {
    const text = (await readFile(path, "utf8")).trim();
    return text === "" ? undefined : text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Loads a password from the start option, else the environment value, else `<dataDir>/<fileName>`. */
export async function loadPassword(source: {
  option: string | undefined;
  environment: string | undefined;
  dataDir: string;
  fileName: string;
}): Promise<LoadedPassword> {
  let origin: PasswordOrigin = "none";
  let value: string | undefined;
  if (source.option?.trim()) [origin, value] = ["option", source.option.trim()];
  else if (source.environment?.trim()) [origin, value] = ["environment", source.environment.trim()];
  else {
    value = await readSecretFile(join(source.dataDir, source.fileName));
    if (value !== undefined) origin = "file";
  }
  if (value === undefined) return { hash: undefined, origin: "none" };
  return { hash: isPasswordHash(value) ? value : await hashPassword(value), origin };
}
