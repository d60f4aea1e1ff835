/**
 * The WebSocket Origin check: a browser always names the page that opens a socket, so a socket
 * from a page of another site (which would ride on the player's cookie) is refused before the
 * upgrade. Clients that are not browsers send no Origin and are not concerned.
 */
import type { IncomingMessage } from "node:http";

/** Whether `origin` may open a socket: one of `publicOrigins`, or with none configured the request's own host. */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  publicOrigins: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (publicOrigins.length > 0) return publicOrigins.includes(origin);
  try {
    const url = new URL(origin);
    return (url.protocol === "http:" || url.protocol === "https:") && url.host === host;
  } catch {
    return false;
  }
}

/** What `ws` hands its verifyClient option. */
interface UpgradeInfo {
  origin: string | undefined;
  req: IncomingMessage;
}

/** A `verifyClient` for the WebSocket server: refuses (403) foreign origins and reports each refusal. */
export function verifySocketOrigin(
  publicOrigins: readonly string[],
  onRefused: (req: IncomingMessage, origin: string) => void,
) {
  return (info: UpgradeInfo, done: (ok: boolean, code?: number, message?: string) => void): void => {
    if (originAllowed(info.origin, info.req.headers.host, publicOrigins)) {
      done(true);
      return;
    }
    onRefused(info.req, String(info.origin));
    done(false, 403, "Origin not allowed");
  };
}
