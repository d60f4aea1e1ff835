/**
 * Who else has the SQLite database open. SQLite itself cannot say which connection holds the read
 * snapshot that keeps the WAL from being copied back and restarted; the operating system can list
 * the processes with the file open (Linux: /proc/<pid>/fd), and one of them is the reader.
 */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { resolve } from "node:path";

/** A process other than this one with the database (or its -wal or -shm file) open. */
export interface FileHolder {
  pid: number;
  command: string;
}

/** The command line of a process, spaces between its arguments, at most 200 characters. */
function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ").slice(0, 200);
  } catch {
    return "?";
  }
}

/** Whether a process has one of `paths` open. */
function holds(pid: number, paths: Set<string>): boolean {
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  for (const fd of fds) {
    try {
      if (paths.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return true;
    } catch {
      // The descriptor closed meanwhile.
    }
  }
  return false;
}

/**
 * Other processes with the database file open, or undefined where the system does not list open
 * files (no /proc). This process's own connections are left out.
 */
export function findFileHolders(databaseFile: string): FileHolder[] | undefined {
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const file = resolve(databaseFile);
  const paths = new Set([file, `${file}-wal`, `${file}-shm`]);
  return pids
    .map(Number)
    .filter((pid) => pid !== process.pid && holds(pid, paths))
    .map((pid) => ({ pid, command: commandOf(pid) }));
}

/** Says who may pin the WAL, in the words of a log line or a security event. */
export function describeFileHolders(holders: FileHolder[] | undefined): string {
  const caveat = "SQLite does not name the connection whose read snapshot pins the WAL";
  if (holders === undefined) return `${caveat}, and this system does not list open files`;
  if (holders.length === 0)
    return `${caveat}; no other process has the database open, so a reader of this process holds it`;
  const list = holders.map((h) => `pid ${h.pid} (${h.command})`).join(", ");
  return `${caveat}; other processes with the database open: ${list}`;
}
