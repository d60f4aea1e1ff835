/**
 * Runs the four monitors on their schedules: each runs, records its counters and report, then
 * waits its interval before the next run (runs of one monitor never overlap). Timers are
 * injectable, and runNow lets tests and the operator trigger a sweep without waiting.
 */
import type { CasinoServices } from "../../services.ts";
import { addCounters } from "../counters.ts";
import type { PersonaId } from "../personas.ts";
import { type MonitorRun, recordMonitorRun } from "./record.ts";

/** The timer functions the scheduler uses (fake ones in tests). */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** A monitor and how often it runs. */
export interface ScheduledMonitor {
  persona: PersonaId;
  intervalMs: number;
  /** Delay before the first run (default: a short stagger so the monitors do not start together). */
  firstRunMs?: number;
  run(): Promise<MonitorRun>;
}

/** The running schedule. */
export interface MonitorScheduler {
  /** Runs one monitor (or all) now, after any run in progress; resolves when recorded. */
  runNow(persona?: PersonaId): Promise<void>;
  /** Stops scheduling and waits for runs in progress. */
  stop(): Promise<void>;
}

const nodeTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

/** Starts the schedule. */
export function scheduleMonitors(
  services: CasinoServices,
  monitors: readonly ScheduledMonitor[],
  timers: Timers = nodeTimers,
): MonitorScheduler {
  let stopped = false;
  const chains = new Map<PersonaId, Promise<void>>();
  const handles = new Map<PersonaId, unknown>();

  const runOnce = async (monitor: ScheduledMonitor) => {
    try {
      await recordMonitorRun(services, monitor.persona, await monitor.run());
    } catch (error) {
      services.log.error({ err: error, persona: monitor.persona }, "monitor run failed");
      await addCounters(services.handle.db, monitor.persona, { failedRuns: 1 }, services.now()).catch(
        () => {},
      );
    }
  };

  const enqueue = (monitor: ScheduledMonitor): Promise<void> => {
    const next = (chains.get(monitor.persona) ?? Promise.resolve()).then(() =>
      stopped ? undefined : runOnce(monitor),
    );
    chains.set(monitor.persona, next);
    return next;
  };

  const arm = (monitor: ScheduledMonitor, ms: number) => {
    if (stopped) return;
    handles.set(
      monitor.persona,
      timers.setTimeout(() => {
        void enqueue(monitor).then(() => arm(monitor, monitor.intervalMs));
      }, ms),
    );
  };

  monitors.forEach((monitor, i) => {
    arm(monitor, monitor.firstRunMs ?? Math.min(monitor.intervalMs, 1000 + i * 250));
  });

  return {
    async runNow(persona) {
      const chosen = monitors.filter((m) => persona === undefined || m.persona === persona);
      await Promise.all(chosen.map(enqueue));
    },
    async stop() {
      stopped = true;
      for (const handle of handles.values()) timers.clearTimeout(handle);
      await Promise.all(chains.values());
    },
  };
}
