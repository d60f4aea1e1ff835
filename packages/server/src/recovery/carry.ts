/**
 * The hooks that keep a pause with its browser: the exclusion routes remember a started cool-off or
 * self-exclusion under the browser cookie, and creating a new identity from that browser starts it
 * with the same exclusion until its end.
 */
import { carryExclusion } from "../responsible/service.ts";
import type { CasinoServices } from "../services.ts";
import { findBrowserExclusion, rememberBrowserExclusion } from "./browser.ts";

/** Remembers the exclusion a limits answer shows (if any) under the browser (`browser` gives its stored id, making one when it has none). */
export async function rememberExclusionOfBrowser(
  services: CasinoServices,
  browser: () => string,
  exclusion: { kind: "cool_off" | "self_exclusion"; until: string } | null,
): Promise<void> {
  if (!exclusion) return;
  const browserHash = browser();
  const until = Date.parse(exclusion.until);
  await rememberBrowserExclusion(
    services.handle,
    browserHash,
    { kind: exclusion.kind, until },
    services.now(),
  );
}

/** Starts a new identity with the exclusion its browser still carries (nothing when it carries none). */
export async function carryExclusionOfBrowser(
  services: CasinoServices,
  browserHash: string | undefined,
  userId: string,
): Promise<void> {
  const now = services.now();
  const exclusion = await findBrowserExclusion(services.handle, browserHash, now);
  if (exclusion) await carryExclusion(services.handle, userId, exclusion, now);
}
