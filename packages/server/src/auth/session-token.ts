/**
 * Where a request or a room join carries its session token: an `Authorization: Bearer` header
 * (non-browser clients, Colyseus joins) or the HttpOnly `casino_session` cookie.
 */
import { SESSION_COOKIE } from "./sessions.ts";

/** Reads one cookie from a Cookie header without a parser dependency. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The session token a request carries: bearer first, then the cookie. */
export function sessionTokenOf(headers: { authorization?: string | undefined; cookie?: string | undefined }) {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.authorization ?? "")?.[1];
  return bearer ?? readCookie(headers.cookie, SESSION_COOKIE);
}
