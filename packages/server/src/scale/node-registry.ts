/**
 * The casino processes of a cluster, as they announce themselves in the shared presence: the
 * poker lease owner id (nodeId), the Colyseus process id, and the internal URL other processes use
 * to hand a table's REST calls to the process that hosts it. A process renews its entry on a
 * heartbeat; an entry that stopped beating belongs to a dead process and is ignored.
 */
import type { Presence } from "@colyseus/core";

/** Hash of every process's entry. */
export const NODES_KEY = "casino:nodes";

/** One casino process. */
export interface ClusterNode {
  /** The poker lease owner id (CASINO_NODE_ID, or one per process). */
  nodeId: string;
  /** The Colyseus process id (rooms are created on it through the presence). */
  processId: string;
  /** Where the other processes reach its HTTP server. */
  internalUrl: string;
  pid: number;
  heartbeatAt: number;
}

/** How a process takes part in the registry. */
export interface NodeRegistry {
  /** Announces this process and starts the heartbeat. */
  start(): Promise<void>;
  /** A live process by its node id (cached for a second). */
  find(nodeId: string): Promise<ClusterNode | undefined>;
  /** Every live process. */
  list(): Promise<ClusterNode[]>;
  /** Stops the heartbeat and removes this process's entry. */
  stop(): Promise<void>;
}

/** Heartbeat and staleness of registry entries. */
export const NODE_HEARTBEAT_MS = 5000;
export const NODE_STALE_MS = 3 * NODE_HEARTBEAT_MS;
const CACHE_MS = 1000;

/** Creates the registry entry of this process over the shared presence. */
export function createNodeRegistry(
  presence: Presence,
  self: Omit<ClusterNode, "heartbeatAt">,
  options: { now?: () => number; heartbeatMs?: number; staleMs?: number } = {},
): NodeRegistry {
  const now = options.now ?? Date.now;
  const heartbeatMs = options.heartbeatMs ?? NODE_HEARTBEAT_MS;
  const staleMs = options.staleMs ?? NODE_STALE_MS;
  let timer: NodeJS.Timeout | undefined;
  let cache: { at: number; nodes: Promise<ClusterNode[]> } | undefined;

  const beat = () => presence.hset(NODES_KEY, self.nodeId, JSON.stringify({ ...self, heartbeatAt: now() }));

  const read = async (): Promise<ClusterNode[]> => {
    const entries = await presence.hgetall(NODES_KEY);
    const at = now();
    return Object.values(entries ?? {})
      .map((raw) => JSON.parse(raw) as ClusterNode)
      .filter((node) => at - node.heartbeatAt < staleMs);
  };

  const list = (): Promise<ClusterNode[]> => {
    const at = now();
    if (!cache || at - cache.at >= CACHE_MS) {
      const nodes = read();
      cache = { at, nodes };
      nodes.catch(() => {
        cache = undefined;
      });
    }
    return cache.nodes;
  };

  return {
    async start() {
      await beat();
      cache = undefined;
      clearInterval(timer);
      timer = setInterval(() => void beat().catch(() => undefined), heartbeatMs);
      timer.unref();
    },
    async find(nodeId) {
      if (nodeId === self.nodeId) return { ...self, heartbeatAt: now() };
      const known = (await list()).find((node) => node.nodeId === nodeId);
      if (known) return known;
      // A process that started this second: read past the cache once.
      cache = undefined;
      return (await list()).find((node) => node.nodeId === nodeId);
    },
    list,
    async stop() {
      clearInterval(timer);
      const entry = await presence.hget(NODES_KEY, self.nodeId);
      // A restarted process with the same node id may have written a newer entry: keep it.
      if (entry && (JSON.parse(entry) as ClusterNode).processId === self.processId)
        await presence.hdel(NODES_KEY, self.nodeId);
    },
  };
}
