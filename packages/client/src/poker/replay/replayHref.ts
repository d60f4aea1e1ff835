/** Where a finished hand's replay lives: the poker route with the hand's id. */

/** The search parameter of /poker naming a finished hand to replay. */
export const HAND_PARAM = "hand";

/** The address of a finished hand's replay. */
export function replayHref(handId: number | string): string {
  return `/poker?${HAND_PARAM}=${encodeURIComponent(String(handId))}`;
}
