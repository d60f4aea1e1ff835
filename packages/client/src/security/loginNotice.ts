/** What the lock screen says after a refused password: wrong, or this address locked out and for how long. */
import type { ApiFailure } from "../api/http.ts";
import { ACCESS_DENIED_TEXT } from "./securityTexts.ts";

/** The lock screen's notice and, during a lockout, when the next try is allowed. */
export type LoginNotice = { text: string; retryAt: number | null };

/** "45 seconds", "1 minute", "15 minutes": a wait in whole, rounded-up units. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.ceil(seconds))} second${Math.ceil(seconds) === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** The notice for a refused login at `now` (ms). */
export function describeLoginFailure(failure: ApiFailure, now: number): LoginNotice {
  if (failure.status === 403) return { text: `${ACCESS_DENIED_TEXT}. Try again.`, retryAt: null };
  if (failure.status === 429) {
    const seconds = failure.retryAfterSeconds ?? 60;
    const retryAt = now + seconds * 1000;
    const clock = new Date(retryAt).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
    return {
      text: `Too many failed attempts from this address: locked for ${describeWait(seconds)}, until ${clock}.`,
      retryAt,
    };
  }
  if (failure.status === 503)
    return { text: "The dashboard password is not set up on this server.", retryAt: null };
  return { text: `The password could not be checked: ${failure.message}`, retryAt: null };
}
