/**
 * Watches the size of the SQLite WAL. A reader that keeps a read transaction open (a shell or a
 * report left running on the live file) stops checkpoints at its snapshot, and under load the WAL
 * then grows without bound (gigabytes in a minute). The size is a gauge of /metrics; past the
 * configured size the casino logs a warning and records a security event naming the processes that
 * hold the file (wal-holders.ts), and again each time the WAL doubles, until it shrinks below it.
 */
import { statSync } from "node:fs";
import { Gauge, type Registry } from "prom-client";
import { describeFileHolders, type FileHolder, findFileHolders } from "./wal-holders.ts";

/** Default size past which the WAL is reported (256 MiB; the checkpointer keeps it near 8 MiB). */
export const DEFAULT_WAL_WARN_BYTES = 256 * 1024 * 1024;

/** What the watcher reports when the WAL passes its size. */
export interface WalOversize {
  bytes: number;
  limitBytes: number;
  holders: FileHolder[] | undefined;
  /** The holders in words, with what SQLite cannot tell. */
  readers: string;
}

/** Where the watcher reads and reports. */
export interface WalWatchOptions {
  /** The database file (its WAL is `<file>-wal`). */
  file: string;
  limitBytes: number;
  intervalMs?: number;
  /** The registry the `casino_sqlite_wal_bytes` gauge joins. */
  registry: Registry;
  onOversize(report: WalOversize): void;
}

/** A running watcher. */
export interface WalWatch {
  /** Reads the WAL size now and reports it if it passed the size (the timer calls it too). */
  check(): number;
  stop(): void;
}

/** The WAL file's size in bytes (0 while there is none). */
export function walBytesOf(file: string): number {
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

/** Starts watching a database's WAL every `intervalMs` (default 5 s). */
export function watchWal(options: WalWatchOptions): WalWatch {
  let reportedAt = 0;
  new Gauge({
    name: "casino_sqlite_wal_bytes",
    help: "Size of the SQLite write-ahead log file; it grows without bound while a reader pins it",
    registers: [options.registry],
    collect() {
      this.set(walBytesOf(options.file));
    },
  });
  const check = () => {
    const bytes = walBytesOf(options.file);
    if (bytes <= options.limitBytes) {
      reportedAt = 0;
      return bytes;
    }
    if (reportedAt === 0 || bytes >= reportedAt * 2) {
      reportedAt = bytes;
      const holders = findFileHolders(options.file);
      options.onOversize({
        bytes,
        limitBytes: options.limitBytes,
        holders,
        readers: describeFileHolders(holders),
      });
    }
    return bytes;
  };
  const timer = setInterval(check, options.intervalMs ?? 5000);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
