/**
 * The poker table list the lobby room and GET /api/poker/tables show: this process's list, with
 * each table hosted by another process of the cluster drawn as that process publishes it. On one
 * process (no directory attached) it is exactly the poker runtime's list.
 */
import { pokerRuntimeOf } from "../poker/runtime.ts";
import type { TableSummary } from "../poker/table-view.ts";
import type { CasinoServices } from "../services.ts";
import type { HostedTables, TableDirectory } from "./table-directory.ts";

const directories = new WeakMap<CasinoServices, TableDirectory>();

/** Makes the listing of a casino cluster-wide (scale-out start). */
export function attachTableDirectory(services: CasinoServices, directory: TableDirectory): void {
  directories.set(services, directory);
}

/** Every table of the cluster, in this process's lobby order; tables it has not read yet come last. */
export function listPokerTables(services: CasinoServices): TableSummary[] {
  const runtime = pokerRuntimeOf(services);
  const local = runtime.list();
  const directory = directories.get(services);
  if (!directory) return local;
  const merged = local.map((summary) =>
    runtime.hostedTable(summary.id) ? summary : (directory.remote(summary.id) ?? summary),
  );
  return [...merged, ...directory.remoteOnly(new Set(local.map((s) => s.id)))];
}

/** Calls back after any change of any table of the cluster; returns the unsubscribe. */
export function watchPokerTables(services: CasinoServices, listener: () => void): () => void {
  const local = pokerRuntimeOf(services).subscribe(() => listener());
  const remote = directories.get(services)?.onRemoteChange(listener);
  return () => {
    local();
    remote?.();
  };
}

/** The directory's view of this process's poker runtime. */
export function hostedTablesOf(services: CasinoServices): HostedTables {
  const runtime = pokerRuntimeOf(services);
  return {
    nodeId: runtime.settings.nodeId,
    hosted: () => runtime.list().filter((summary) => runtime.hostedTable(summary.id) !== undefined),
    subscribe: (listener) => runtime.subscribe((table) => listener(table.info.id)),
    learn: (tableId) => runtime.findInfo(tableId),
  };
}
