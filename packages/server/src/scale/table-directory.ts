/**
 * The poker table list of a cluster. Each process hosts some tables (by lease) and knows only
 * those live; it writes their summaries to a shared hash (one field per process, rewritten in one
 * command) and announces every change on a channel, so the lobby and GET /api/poker/tables,
 * wherever they run, show every table as its host sees it. Entries are refreshed on a heartbeat;
 * those of a process that stopped beating are ignored.
 */
import type { Presence } from "@colyseus/core";
import type { TableSummary } from "../poker/table-view.ts";

/** Hash of every process's hosted tables (field: node id, value: a NodeTables as JSON). */
export const TABLES_KEY = "casino:poker:tables";

/** What the directory needs from this process's poker runtime. */
export interface HostedTables {
  nodeId: string;
  /** Summaries of the tables this process hosts now. */
  hosted(): TableSummary[];
  /** Calls back after any change of a hosted table, with its id. */
  subscribe(listener: (tableId: string) => void): () => void;
  /** Lets the runtime learn a table another process opened (it reads the table's row). */
  learn(tableId: string): Promise<unknown>;
}

/** A summary as published. */
interface Entry {
  nodeId: string;
  at: number;
  summary: TableSummary;
}

/** One process's field of the hash: every table it hosted at `at`. */
interface NodeTables {
  nodeId: string;
  at: number;
  tables: TableSummary[];
}

/** What one announcement carries: the publisher's tables now and those it no longer hosts. */
interface Announcement {
  nodeId: string;
  at: number;
  tables: TableSummary[];
  gone: string[];
}

/** The shared table list as one process sees it. */
export interface TableDirectory {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The live summary of a table another process hosts. */
  remote(tableId: string): TableSummary | undefined;
  /** Summaries of tables hosted elsewhere that this process's list does not know yet. */
  remoteOnly(known: ReadonlySet<string>): TableSummary[];
  /** Calls back when a table hosted elsewhere changed. */
  onRemoteChange(listener: () => void): () => void;
  /** Publishes this process's tables now (tests; normally after a short delay). */
  publishNow(): Promise<void>;
}

/** Timings of the directory. */
export const TABLE_DIRECTORY_TIMINGS = { publishDelayMs: 150, refreshMs: 5000, staleMs: 15_000 };

/** Creates the directory of this process over the shared presence; `channel` carries announcements. */
export function createTableDirectory(
  presence: Presence,
  source: HostedTables,
  options: { channel: string; now?: () => number } & Partial<typeof TABLE_DIRECTORY_TIMINGS>,
): TableDirectory {
  const now = options.now ?? Date.now;
  const { publishDelayMs, refreshMs, staleMs } = { ...TABLE_DIRECTORY_TIMINGS, ...options };
  const remote = new Map<string, Entry>();
  const listeners = new Set<() => void>();
  /** The summary (as JSON) last published of each table this process hosts. */
  const published = new Map<string, string>();
  const dirty = new Set<string>();
  let pending: NodeJS.Timeout | undefined;
  let refresh: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let stopped = false;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const accept = (entry: Entry) => {
    const known = remote.get(entry.summary.id);
    if (known && known.at > entry.at) return;
    remote.set(entry.summary.id, entry);
  };

  const onAnnouncement = (message: Announcement) => {
    if (message.nodeId === source.nodeId) return;
    for (const summary of message.tables) {
      if (!remote.has(summary.id)) void source.learn(summary.id).catch(() => undefined);
      accept({ nodeId: message.nodeId, at: message.at, summary });
    }
    for (const id of message.gone) if (remote.get(id)?.nodeId === message.nodeId) remote.delete(id);
    notify();
  };

  /**
   * Writes this process's field of the hash and announces the hosted tables: every one (the
   * heartbeat), or those in `only` whose summary changed since it was last published (a table
   * marks itself at each action, its lobby line changes only a few times a hand).
   */
  const publish = async (only?: ReadonlySet<string>) => {
    const at = now();
    const hosted = stopped ? [] : source.hosted();
    const ids = new Set(hosted.map((t) => t.id));
    const tables: TableSummary[] = [];
    for (const summary of hosted) {
      const text = JSON.stringify(summary);
      if (only && (!only.has(summary.id) || published.get(summary.id) === text)) continue;
      published.set(summary.id, text);
      tables.push(summary);
    }
    const gone = [...published.keys()].filter((id) => !ids.has(id) && (!only || only.has(id)));
    for (const id of gone) published.delete(id);
    if (only && tables.length === 0 && gone.length === 0) return;
    // The summaries as JSON.stringify({ nodeId, at, tables }) writes them, from the texts kept.
    const field = `{"nodeId":${JSON.stringify(source.nodeId)},"at":${at},"tables":[${[...published.values()].join(",")}]}`;
    await presence.hset(TABLES_KEY, source.nodeId, field);
    if (tables.length > 0 || gone.length > 0)
      await presence.publish(options.channel, {
        nodeId: source.nodeId,
        at,
        tables,
        gone,
      } satisfies Announcement);
  };

  const publishNow = () => {
    clearTimeout(pending);
    pending = undefined;
    dirty.clear();
    return publish();
  };

  const publishDirty = () => {
    pending = undefined;
    const only = new Set(dirty);
    dirty.clear();
    void publish(only).catch(() => undefined);
  };

  const markDirty = (tableId: string) => {
    dirty.add(tableId);
    pending ??= setTimeout(publishDirty, publishDelayMs);
  };

  return {
    async start() {
      await presence.subscribe(options.channel, onAnnouncement);
      const stored = await presence.hgetall(TABLES_KEY);
      for (const raw of Object.values(stored ?? {})) {
        const { nodeId, at, tables } = JSON.parse(raw) as NodeTables;
        if (nodeId === source.nodeId) continue;
        // A process silent for long is gone: its field goes too (a live one rewrites it each heartbeat).
        if (now() - at >= staleMs * 4) await presence.hdel(TABLES_KEY, nodeId);
        else for (const summary of tables) accept({ nodeId, at, summary });
      }
      unsubscribe = source.subscribe(markDirty);
      refresh = setInterval(() => void publishNow().catch(() => undefined), refreshMs);
      refresh.unref();
      await publishNow();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearInterval(refresh);
      clearTimeout(pending);
      await publishNow().catch(() => undefined);
      await Promise.resolve(presence.hdel(TABLES_KEY, source.nodeId)).catch(() => undefined);
      await presence.unsubscribe(options.channel, onAnnouncement);
    },
    remote(tableId) {
      const entry = remote.get(tableId);
      return entry && now() - entry.at < staleMs ? entry.summary : undefined;
    },
    remoteOnly(known) {
      const at = now();
      return [...remote.values()]
        .filter((entry) => !known.has(entry.summary.id) && at - entry.at < staleMs)
        .map((entry) => entry.summary);
    },
    onRemoteChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publishNow,
  };
}
