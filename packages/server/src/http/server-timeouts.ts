/**
 * The Node HTTP server's timeouts: a request whose headers, or whose whole body, have not arrived in
 * time is answered 408 and its socket closed (a slowly sent body cannot hold a socket for minutes),
 * and idle keep-alive connections are closed. Node checks the deadlines every
 * `connectionsCheckingInterval` (30 s by default, too coarse for a 10 s limit), so that is tightened
 * too. WebSocket upgrades leave the HTTP parser once upgraded and are not subject to these.
 */
import type { ServerOptions } from "node:http";
import type { HttpTimeouts } from "../config.ts";

/** The createServer options for these timeouts (headers never later than the whole request). */
export function httpServerOptions(timeouts: HttpTimeouts): ServerOptions {
  const requestTimeout = timeouts.requestMs;
  const headersTimeout = Math.min(timeouts.headersMs, requestTimeout);
  return {
    headersTimeout,
    requestTimeout,
    keepAliveTimeout: timeouts.keepAliveMs,
    // A deadline is enforced at most this late: a quarter of the shorter one, between 100 ms and 1 s.
    connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 4))),
  };
}
