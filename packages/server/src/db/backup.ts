/**
 * A consistent online copy of a live SQLite database file, taken with SQLite's backup API in
 * small steps. The source connection holds one read transaction from the first step to the last,
 * so every step copies the same snapshot (the copy is the database as of the start) and the casino
 * writing meanwhile neither restarts the copy nor waits for it: in WAL mode a reader never blocks
 * a writer, and the casino's checkpointer catches up once the read ends.
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import SQLite from "better-sqlite3";

/** Pages copied per step (4 MB of 4 kB pages). */
export const BACKUP_STEP_PAGES = 1000;

/** How far a backup has got. */
export interface BackupProgress {
  totalPages: number;
  copiedPages: number;
}

/** What a backup made. */
export interface BackupResult {
  pages: number;
  bytes: number;
  /** `PRAGMA quick_check` of the copy: "ok" for a sound file. */
  check: string;
}

/** Where and how to copy. */
export interface BackupOptions {
  stepPages?: number;
  onProgress?: (progress: BackupProgress) => void;
}

/**
 * Copies the SQLite database `source` into the new file `destination` (refused if it exists).
 * The copy is written beside it under a `.partial` name and renamed once complete and checked.
 */
export async function backupSqlite(
  source: string,
  destination: string,
  options: BackupOptions = {},
): Promise<BackupResult> {
  if (!existsSync(source)) throw new Error(`no database at ${source}`);
  if (existsSync(destination)) throw new Error(`${destination} already exists: choose a new file name`);
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  const stepPages = options.stepPages ?? BACKUP_STEP_PAGES;
  const db = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    // One snapshot for every step: the read transaction stays open until the last page is copied.
    db.exec("begin");
    db.prepare("select count(*) from sqlite_master").get();
    let totalPages = 0;
    await db.backup(partial, {
      progress: ({ totalPages: total, remainingPages }) => {
        totalPages = total;
        options.onProgress?.({ totalPages: total, copiedPages: total - remainingPages });
        return stepPages;
      },
    });
    db.exec("commit");
    const copy = new SQLite(partial);
    let check: string;
    let pages: number;
    let pageSize: number;
    try {
      check = String(copy.pragma("quick_check", { simple: true }));
      pages = Number(copy.pragma("page_count", { simple: true }));
      pageSize = Number(copy.pragma("page_size", { simple: true }));
      // A self-contained file: no -wal beside it.
      copy.pragma("journal_mode = DELETE");
    } finally {
      copy.close();
    }
    if (check !== "ok") throw new Error(`the copy failed its check: ${check}`);
    renameSync(partial, destination);
    options.onProgress?.({
      totalPages: Math.max(totalPages, pages),
      copiedPages: Math.max(totalPages, pages),
    });
    return { pages, bytes: pages * pageSize, check };
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(`${partial}-wal`, { force: true });
    rmSync(`${partial}-shm`, { force: true });
    throw error;
  } finally {
    db.close();
  }
}
