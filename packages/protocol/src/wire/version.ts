/**
 * The version of the wire contract between this client build and the server. Bump it whenever a
 * schema of this package changes in a way an older client cannot read: the server then refuses
 * that client's room joins (protocol/version_mismatch) and the player is asked to reload.
 */

/** The contract version this build speaks. */
export const PROTOCOL_VERSION = 1;

/** The room join option that carries the client's PROTOCOL_VERSION. */
export const PROTOCOL_VERSION_OPTION = "protocolVersion";

/** Whether join options name another contract version than this build's (absent: not checked). */
export function isProtocolMismatch(options: unknown): boolean {
  if (typeof options !== "object" || options === null) return false;
  const version = (options as Record<string, unknown>)[PROTOCOL_VERSION_OPTION];
  return version !== undefined && version !== PROTOCOL_VERSION;
}
