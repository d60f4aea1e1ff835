/**
 * Event-loop delay of this process (perf_hooks.monitorEventLoopDelay), in windows: the dashboard
 * shows the last full window's p50, p99 and max, and a window whose p99 is above the threshold is
 * reported once, when it closes.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { EventLoopDelay, LoopDelayWindow } from "@casino/protocol";

/** One window's delays in ms, and the figure the dashboard shows: the operator API's protocol schemas. */
export type { LoopDelayWindow };
export type LoopDelayFigures = EventLoopDelay;

/** How the monitor measures. */
export interface LoopDelayOptions {
  /** Window length, ms (default 60 s). */
  windowMs?: number;
  /** A window whose p99 is above this is a stall (default 100 ms). */
  thresholdMs?: number;
  /** Sampling interval, ms (default 10). */
  resolutionMs?: number;
  /** Called once for each window whose p99 is above the threshold. */
  onStall?(window: LoopDelayWindow): void;
  /** The clock, epoch ms. */
  now?: () => number;
}

/** A running monitor. */
export interface LoopDelayMonitor {
  figures(): LoopDelayFigures;
  /** Closes the current window now (tests; the timer does it every windowMs). */
  closeWindow(): LoopDelayWindow;
  stop(): void;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Starts measuring. */
export function startLoopDelayMonitor(options: LoopDelayOptions = {}): LoopDelayMonitor {
  const windowMs = options.windowMs ?? 60_000;
  const thresholdMs = options.thresholdMs ?? 100;
  const resolutionMs = options.resolutionMs ?? 10;
  const now = options.now ?? Date.now;
  const histogram = monitorEventLoopDelay({ resolution: resolutionMs });
  histogram.enable();
  let startedAt = now();
  let last: LoopDelayWindow | undefined;
  let stalledWindows = 0;

  // The histogram records the time between samples: the sampling interval is not delay.
  const delay = (ns: number) => round(Math.max(0, ns / 1e6 - resolutionMs));
  const snapshot = (): LoopDelayWindow => {
    const samples = histogram.count;
    return {
      p50Ms: samples === 0 ? 0 : delay(histogram.percentile(50)),
      p99Ms: samples === 0 ? 0 : delay(histogram.percentile(99)),
      maxMs: samples === 0 ? 0 : delay(histogram.max),
      meanMs: samples === 0 ? 0 : delay(histogram.mean),
      samples,
      startedAt: new Date(startedAt).toISOString(),
      endedAt: new Date(now()).toISOString(),
    };
  };

  const closeWindow = (): LoopDelayWindow => {
    const window = snapshot();
    histogram.reset();
    startedAt = now();
    last = window;
    if (window.p99Ms > thresholdMs) {
      stalledWindows += 1;
      options.onStall?.(window);
    }
    return window;
  };

  const timer = setInterval(closeWindow, windowMs);
  timer.unref();

  return {
    figures() {
      return {
        window: last ?? snapshot(),
        complete: last !== undefined,
        windowMs,
        thresholdMs,
        stalledWindows,
      };
    },
    closeWindow,
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
