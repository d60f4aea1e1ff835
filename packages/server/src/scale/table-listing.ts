/**
 * The poker table list the lobby room and GET /api/poker/tables show: this process's list, with
 * each table hosted by another process of the cluster drawn as that process publishes it. On one
 * process (no directory joined) it is exactly the poker runtime's list.
 */
import type { PokerRuntime } from "../poker/runtime.ts";
import type { TableSummary } from "../poker/table-view.ts";
import type { HostedTables, TableDirectory } from "./table-directory.ts";

/** The cluster's poker tables as this process lists them. */
export interface PokerTableListing {
  /** Every table of the cluster, in this process's lobby order; tables it has not read yet come last. */
  list(): TableSummary[];
  /** Calls back after any change of any table of the cluster; returns the unsubscribe. */
  watch(listener: () => void): () => void;
  /** Makes the listing cluster-wide (scale-out start). */
  joinDirectory(directory: TableDirectory): void;
}

/** Creates the listing over this process's poker runtime. */
export function createPokerTableListing(runtime: PokerRuntime): PokerTableListing {
  let directory: TableDirectory | undefined;
  return {
    list() {
      const local = runtime.list();
      if (!directory) return local;
      const cluster = directory;
      const merged = local.map((summary) =>
        runtime.hostedTable(summary.id) ? summary : (cluster.remote(summary.id) ?? summary),
      );
      return [...merged, ...cluster.remoteOnly(new Set(local.map((s) => s.id)))];
    },
    watch(listener) {
      const local = runtime.subscribe(() => listener());
      const remote = directory?.onRemoteChange(listener);
      return () => {
        local();
        remote?.();
      };
    },
    joinDirectory(next) {
      directory = next;
    },
  };
}

/** The directory's view of this process's poker runtime. */
export function hostedTablesOf(runtime: PokerRuntime): HostedTables {
  return {
    nodeId: runtime.settings.nodeId,
    hosted: () => runtime.list().filter((summary) => runtime.hostedTable(summary.id) !== undefined),
    subscribe: (listener) => runtime.subscribe((table) => listener(table.info.id)),
    learn: (tableId) => runtime.findInfo(tableId),
  };
}
