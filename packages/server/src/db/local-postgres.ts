/**
 * This machine's own PostgreSQL, where the tests and benchmarks find it unless told otherwise
 * (TEST_DATABASE_URL, DATABASE_URL or a command-line option).
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

/** The local test database over TCP loopback. */
export const LOCAL_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

/** PostgreSQL's Unix socket folder on this machine (Debian's place for it). */
export const POSTGRES_SOCKET_DIR = "/var/run/postgresql";

/**
 * The local test database through its Unix socket when there is one (a round trip then costs the
 * client less CPU than over TCP loopback), else LOCAL_POSTGRES_URL.
 */
export function localPostgresUrl(): string {
  return existsSync(join(POSTGRES_SOCKET_DIR, ".s.PGSQL.5432"))
    ? `postgres://postgres@/test?host=${POSTGRES_SOCKET_DIR}`
    : LOCAL_POSTGRES_URL;
}
