/** The HttpOnly `casino_browser` cookie of a request (recovery/browser.ts keeps what it stands for). */
import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import {
  BROWSER_COOKIE,
  BROWSER_COOKIE_MAX_AGE_MS,
  browserHashOf,
  hashBrowserId,
} from "../recovery/browser.ts";
import { setCookie } from "./session.ts";

/** The stored form of the request's browser id, if it carries one. */
export function browserHashOfRequest(request: FastifyRequest): string | undefined {
  return browserHashOf(request.headers.cookie);
}

/** The stored form of the browser's id, giving the browser a new id cookie when it has none. */
export function ensureBrowserHash(request: FastifyRequest, reply: FastifyReply): string {
  const known = browserHashOfRequest(request);
  if (known) return known;
  const id = randomBytes(32).toString("base64url");
  setCookie(request, reply, BROWSER_COOKIE, id, BROWSER_COOKIE_MAX_AGE_MS);
  return hashBrowserId(id);
}
