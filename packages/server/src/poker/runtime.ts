/**
 * Poker in one casino process: the tables it hosts (opened on first use under a lease), the table
 * list, joins that open another table of the same kind when one is full, listeners for rooms and
 * the lobby, and the background work (lease renewal, recovery of orphaned tables). Built once by
 * startCasino, so the REST routes and the rooms act on the same tables.
 */
import type { TableEvent } from "@casino/protocol";
import { createMaintenanceCheck } from "../games/maintenance.ts";
import type { CasinoServices } from "../services.ts";
import { TABLE_KINDS } from "./catalogue.ts";
import { type PokerFailure, pokerFailure } from "./failures.ts";
import { acquireLease, releaseLease, renewLeases } from "./lease.ts";
import { recoverOrphanedTables, recoverTable } from "./recovery.ts";
import type { JoinInput } from "./seat-steps.ts";
import { listSeats } from "./seats-store.ts";
import { type PokerOptions, type PokerSettings, resolvePokerSettings } from "./settings.ts";
import { PokerTable } from "./table.ts";
import type { TableContext, TableCore } from "./table-core.ts";
import type { PokerResult } from "./table-step.ts";
import { summarizeTable, type TableSummary } from "./table-view.ts";
import {
  createTableOfKind,
  findTableRow,
  listTableRows,
  type PokerTableInfo,
  seedPokerTables,
} from "./tables-store.ts";

/** Told after every change of a table. */
export type TableListener = (table: TableCore, events: readonly TableEvent[]) => void;

/** Where a join landed: the table (another one of the same kind when the asked one was full). */
export interface JoinOutcome {
  result: PokerResult<{ seat: number; stack: number; alreadySeated: boolean }>;
  table: PokerTable | null;
  /** Set when the player was seated at another table because the asked one was full. */
  newTable?: TableSummary;
}

/** How many tables a full-table join tries before giving up. */
const JOIN_ATTEMPTS = 5;

/** The poker machinery of one process. */
export class PokerRuntime {
  readonly services: CasinoServices;
  settings: PokerSettings;
  private readonly infos = new Map<string, PokerTableInfo>();
  private readonly hosted = new Map<string, PokerTable>();
  /** Tables of tournaments (poker/tournament): no lease, no catalogue row, closed by their owner. */
  private readonly guests = new Map<string, PokerTable>();
  private readonly opening = new Map<string, Promise<PokerTable | PokerFailure>>();
  /** Recoveries running now; opening such a table waits for them. */
  private readonly recovering = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<TableListener>();
  private readonly tableListeners = new Map<string, Set<TableListener>>();
  private kindLock: Promise<unknown> = Promise.resolve();
  private intervals: NodeJS.Timeout[] = [];
  private readonly maintenance;
  private stopped = false;

  constructor(services: CasinoServices, options: PokerOptions = {}) {
    this.services = services;
    this.settings = resolvePokerSettings(options, services.handle.dialect);
    this.maintenance = createMaintenanceCheck(services.handle.db, { now: services.now });
  }

  /** Seeds the catalogue's tables, returns the escrow of orphaned tables, starts background work. */
  async start(): Promise<void> {
    const { handle, log, now } = this.services;
    const created = await seedPokerTables(handle.db, now());
    if (created > 0) log.info({ created }, "poker tables seeded");
    await this.recoverOrphans();
    for (const info of await listTableRows(handle.db)) this.infos.set(info.id, info);
    const ttl = this.settings.leaseTtlMs;
    const renew = setInterval(() => void this.renew(), Math.max(50, Math.floor(ttl / 3)));
    const sweep = setInterval(() => void this.recoverOrphans(), Math.max(100, ttl));
    renew.unref();
    sweep.unref();
    this.intervals = [renew, sweep];
  }

  /** Closes every hosted table, pays every stack back from escrow and gives the leases up. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const interval of this.intervals) clearInterval(interval);
    const { handle, log, now } = this.services;
    for (const table of this.hosted.values()) {
      try {
        await table.close();
        const recovery = await recoverTable(handle, table.info.id, now());
        if (recovery.seatsReturned > 0) log.info(recovery, "poker table closed: stacks returned");
        await releaseLease(handle.db, table.info.id, this.settings.nodeId);
      } catch (error) {
        log.error({ err: error, tableId: table.info.id }, "poker table could not be closed cleanly");
      }
    }
    this.hosted.clear();
  }

  /** Maintenance mode: no new hands, no new seats. */
  isPaused(): Promise<boolean> {
    return this.maintenance.isMaintenanceMode();
  }

  /** Every table, in lobby order. */
  list(): TableSummary[] {
    return [...this.infos.values()]
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id.localeCompare(b.id))
      .map((info) => summarizeTable(info, this.hosted.get(info.id)));
  }

  /** A table's settings (hosted or not). */
  async findInfo(tableId: string): Promise<PokerTableInfo | undefined> {
    const known = this.infos.get(tableId) ?? this.guests.get(tableId)?.info;
    if (known) return known;
    const row = await findTableRow(this.services.handle.db, tableId);
    if (row) this.infos.set(row.id, row);
    return row;
  }

  /** The table if this process hosts it now. */
  hostedTable(tableId: string): PokerTable | undefined {
    return this.hosted.get(tableId) ?? this.guests.get(tableId);
  }

  /** Hosts a tournament's table so rooms find it like any other; its owner sets its rules and closes it. */
  hostGuest(info: PokerTableInfo): PokerTable {
    const table = new PokerTable(info, this.context());
    this.guests.set(info.id, table);
    return table;
  }

  /** Forgets a tournament's table (after closing it). */
  dropGuest(tableId: string): void {
    this.guests.delete(tableId);
  }

  /** Tables hosted here where a player sits. */
  tablesOf(playerId: string): PokerTable[] {
    return [...this.hosted.values()].filter((t) => t.seatOf(playerId) !== null);
  }

  /** Hosts a table here (taking its lease; recovering escrow a dead process left), or says why not. */
  open(tableId: string): Promise<PokerTable | PokerFailure> {
    const hosted = this.hostedTable(tableId);
    if (hosted) return Promise.resolve(hosted);
    let opening = this.opening.get(tableId);
    if (!opening) {
      opening = this.openNew(tableId).finally(() => this.opening.delete(tableId));
      this.opening.set(tableId, opening);
    }
    return opening;
  }

  /** Seats a player; a full table sends them to another of its kind (opened if needed). */
  async join(tableId: string, input: JoinInput): Promise<JoinOutcome> {
    const opened = await this.open(tableId);
    if (!(opened instanceof PokerTable)) return { result: opened, table: null };
    const result = await opened.join(input);
    if (result.ok || result.code !== "poker/table_full" || input.seatPosition !== undefined)
      return { result, table: opened };
    const tried = new Set([tableId]);
    for (let attempt = 0; attempt < JOIN_ATTEMPTS; attempt++) {
      const other = await this.findFreeTableOfKind(opened.info.kind, tried);
      if (!(other instanceof PokerTable)) return { result: other, table: null };
      const joined = await other.join(input);
      if (joined.ok || joined.code !== "poker/table_full")
        return { result: joined, table: other, newTable: summarizeTable(other.info, other) };
      tried.add(other.info.id);
    }
    return { result: pokerFailure("poker/table_full"), table: null };
  }

  /** Listens to every table (the lobby). */
  subscribe(listener: TableListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Listens to one table (its room). */
  subscribeTable(tableId: string, listener: TableListener): () => void {
    let set = this.tableListeners.get(tableId);
    if (!set) {
      set = new Set();
      this.tableListeners.set(tableId, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }

  private context(): TableContext {
    return {
      handle: this.services.handle,
      log: this.services.log,
      settings: this.settings,
      now: this.services.now,
      isPaused: () => this.maintenance.isMaintenanceMode(),
      onChange: (table, events) => {
        for (const listener of this.tableListeners.get(table.info.id) ?? []) listener(table, events);
        for (const listener of this.listeners) listener(table, events);
      },
    };
  }

  private async openNew(tableId: string): Promise<PokerTable | PokerFailure> {
    if (this.stopped) return pokerFailure("poker/table_closing");
    await this.recovering.get(tableId)?.catch(() => undefined);
    const { handle, now } = this.services;
    if (!(await this.findInfo(tableId))) return pokerFailure("poker/table_not_found");
    const leased = await acquireLease(
      handle.db,
      tableId,
      this.settings.nodeId,
      now(),
      this.settings.leaseTtlMs,
    );
    if (!leased) return pokerFailure("poker/table_elsewhere");
    if ((await listSeats(handle.db, tableId)).length > 0) await recoverTable(handle, tableId, now());
    const info = await findTableRow(handle.db, tableId);
    if (!info) return pokerFailure("poker/table_not_found");
    this.infos.set(tableId, info);
    const table = new PokerTable(info, this.context());
    this.hosted.set(tableId, table);
    return table;
  }

  /** A table of the kind with a free seat, not yet tried: hosted, idle, or newly opened. */
  private findFreeTableOfKind(kind: string, tried: ReadonlySet<string>): Promise<PokerTable | PokerFailure> {
    const run = this.kindLock.then(async () => {
      for (const info of [...this.infos.values()].filter((i) => i.kind === kind && !tried.has(i.id))) {
        const hosted = this.hosted.get(info.id);
        if (hosted?.state.seats.some((s) => s === null)) return hosted;
        if (!hosted) {
          const opened = await this.open(info.id);
          if (opened instanceof PokerTable) return opened;
        }
      }
      const template = TABLE_KINDS[kind];
      if (!template) return pokerFailure("poker/table_full");
      const created = await createTableOfKind(this.services.handle.db, template, this.services.now());
      this.infos.set(created.id, created);
      this.services.log.info(
        { tableId: created.id, name: created.name },
        "poker table opened: the others are full",
      );
      return this.open(created.id);
    });
    this.kindLock = run.catch(() => undefined);
    return run;
  }

  private async renew(): Promise<void> {
    const ids = [...this.hosted.keys()];
    if (ids.length === 0) return;
    const { handle, now, log } = this.services;
    try {
      const lost = await renewLeases(handle.db, ids, this.settings.nodeId, now(), this.settings.leaseTtlMs);
      for (const id of lost) {
        log.error({ tableId: id }, "poker table lease lost: another process took the table over");
        const table = this.hosted.get(id);
        this.hosted.delete(id);
        await table?.close();
      }
    } catch (error) {
      log.error({ err: error }, "poker lease renewal failed");
    }
  }

  private async recoverOrphans(): Promise<void> {
    try {
      await recoverOrphanedTables(this.services.handle, {
        owner: this.settings.nodeId,
        now: this.services.now(),
        leaseTtlMs: this.settings.leaseTtlMs,
        log: this.services.log,
        guard: (tableId, work) => {
          if (this.stopped || this.hosted.has(tableId) || this.opening.has(tableId)) return null;
          const running = work().finally(() => this.recovering.delete(tableId));
          this.recovering.set(tableId, running);
          return running;
        },
      });
    } catch (error) {
      this.services.log.error({ err: error }, "poker recovery failed");
    }
  }
}
