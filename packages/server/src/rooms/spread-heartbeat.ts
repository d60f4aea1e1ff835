/**
 * The WebSocket transport with its heartbeat spread over the ping interval. The stock transport
 * pings every connection in one turn of the event loop every interval, which with thousands of
 * watchers (a Supernova round) holds the loop for a few hundred milliseconds, and every request
 * arriving meanwhile waits. Here each client is still pinged once per interval and dropped after
 * the same number of unanswered pings, but the pings go out a share at a time, on a timer that
 * walks the connections in turn.
 */
import { WebSocketTransport } from "@colyseus/ws-transport";

/** Timer ticks per ping interval: each pings about this fraction of the connections. */
export const HEARTBEAT_TICKS = 60;

/** A connection as the transport tracks it: unanswered pings so far (a pong resets it to 0). */
interface TrackedSocket {
  pingCount: number;
  ping(callback: () => void): void;
  terminate(): void;
}

/** Does nothing: a ping's send callback (an error surfaces as the socket's own). */
function ignore(): void {}

/** Colyseus's WebSocket transport, pinging its connections a share at a time. */
export class SpreadHeartbeatTransport extends WebSocketTransport {
  protected override autoTerminateUnresponsiveClients(pingInterval: number, pingMaxRetries: number): void {
    const sockets = this.wss.clients as unknown as Set<TrackedSocket>;
    // One pass over the connections per interval; a Set's iterator is live: sockets closed
    // meanwhile are skipped, new ones joined at the end.
    let pass: Iterator<TrackedSocket> | undefined;
    let passStartedAt = -Infinity;
    this.pingInterval = setInterval(
      () => {
        if (!pass) {
          if (performance.now() - passStartedAt < pingInterval) return;
          pass = sockets.values();
          passStartedAt = performance.now();
        }
        for (let n = Math.ceil(sockets.size / HEARTBEAT_TICKS); n > 0; n--) {
          const next = pass.next();
          if (next.done) {
            pass = undefined;
            return;
          }
          const socket = next.value;
          if (socket.pingCount >= pingMaxRetries) {
            socket.terminate();
            continue;
          }
          socket.pingCount++;
          socket.ping(ignore);
        }
      },
      Math.max(1, Math.floor(pingInterval / HEARTBEAT_TICKS)),
    );
  }
}
