/**
 * The version of the wire contract between this client build and the server. Bump it whenever a
 * schema of this package changes in a way an older client cannot read: the server then refuses
 * that client's room joins (protocol/version_mismatch) and the player is asked to reload.
 */

/** The contract version this build speaks. */
export const PROTOCOL_VERSION = 1;

/** The room join option that carries the client's PROTOCOL_VERSION. */
export const PROTOCOL_VERSION_OPTION = "protocolVersion";

/**
 * Whether a room join must be refused as speaking another contract: its options name another
 * version, or none at all. A reconnection carries its token instead and is not checked (the
 * room it returns to was joined with a version).
 */
export function isProtocolMismatch(options: unknown): boolean {
  if (typeof options !== "object" || options === null) return true;
  const named = options as Record<string, unknown>;
  const version = named[PROTOCOL_VERSION_OPTION];
  if (version === undefined) return named.reconnectionToken === undefined;
  return version !== PROTOCOL_VERSION;
}
