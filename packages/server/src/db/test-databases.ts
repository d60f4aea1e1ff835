/**
 * Which databases the tests run against. PostgreSQL is required (CI has it on 127.0.0.1:5432);
 * a contributor without one sets CASINO_SKIP_POSTGRES=1 to skip those cases explicitly.
 */
export function postgresUrlForTests(): string | undefined {
  if (process.env.CASINO_SKIP_POSTGRES === "1") return undefined;
  return process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
}
