/** Structured logging (pino); secrets in headers and bodies never reach the log. */
import { pino } from "pino";

/** The logger every server module writes to. */
export type Logger = pino.Logger;

/** Paths pino blanks out wherever they appear in a logged object. */
const REDACTED_PATHS = [
  "authorization",
  "cookie",
  "password",
  "token",
  "*.authorization",
  "*.cookie",
  "*.password",
  "*.token",
  "*.signature",
  "*.signedTransaction",
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
];

/** Creates the process logger at a level ("silent" in tests). */
export function createLogger(level = "info"): Logger {
  return pino({
    level,
    base: { service: "casino" },
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
  });
}

/**
 * The log level of casinos that tests start in-process: silent, so expected warnings (refused
 * input, security events) do not bury the test results, unless LOG_LEVEL asks for more to debug one.
 */
export function testLogLevel(): string {
  return process.env.LOG_LEVEL ?? "silent";
}
