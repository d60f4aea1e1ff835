/**
 * When the feed publishes and when viewers get a frame. Every process publishes what settled every
 * FEED_FLUSH_MS (one bus message, nobody is sent anything), on a clock-aligned grid so the processes
 * of a cluster flush together. Viewers get one frame per frame interval: once the flush at a frame
 * tick is published, and, scaled out, FEED_MERGE_MS later so the batches every other process
 * flushed at that tick are in it too. A viewer gets one frame however many processes publish, and a
 * row is at most about one interval old when it goes. Each frame is one send per viewer, the feed's
 * main cost, so a crowd gets frames less often, and so do viewers of a feed that moves faster than a
 * frame shows (each frame still shows the newest rows, so they are no older for it), and so do the
 * viewers of a process whose event loop is saturated (the feed yields to the bets).
 */
import { FRAME_ROWS } from "./feed-window.ts";

/** How often a process publishes the rounds settled since its last flush. */
export const FEED_FLUSH_MS = 50;

/** How often viewers get a frame while few watch (a multiple of FEED_FLUSH_MS). */
export const FEED_FRAME_MS = 100;

/** How often viewers get a frame with a crowd watching (a multiple of FEED_FLUSH_MS). */
export const FEED_CROWD_FRAME_MS = 200;

/** Scaled out: how long after its own flush of a frame tick a process waits for the others' batches. */
export const FEED_MERGE_MS = 25;

/** Viewers up to which frames go every FEED_FRAME_MS; the interval grows to the crowd's by 1,000. */
const FEW_VIEWERS = 100;
const CROWD_VIEWERS = 1_000;

/**
 * The frame interval for this many viewers in a process: `baseMs` for a few, up to `crowdMs` for a
 * crowd, rounded to a multiple of `flushMs` (so every frame tick is also a flush tick).
 */
export function frameIntervalOf(
  viewers: number,
  baseMs = FEED_FRAME_MS,
  crowdMs = FEED_CROWD_FRAME_MS,
  flushMs = FEED_FLUSH_MS,
): number {
  const crowd = Math.max(baseMs, crowdMs);
  const share = Math.min(1, Math.max(0, (viewers - FEW_VIEWERS) / (CROWD_VIEWERS - FEW_VIEWERS)));
  const interval = baseMs + share * (crowd - baseMs);
  return Math.max(flushMs, Math.round(interval / flushMs) * flushMs);
}

/** While more than a frame's rows settle within this long, a frame's rows are this fresh however far apart frames are. */
export const FEED_FRESH_MS = 150;

/** Event-loop utilization over the last second (0..1) from which a process counts as saturated. */
export const FEED_SATURATED_UTILIZATION = 0.85;

/** How many times further apart frames go for each reason to send fewer of them. */
export const FEED_STRETCH = 2;

/** What the frame interval stretches for: the pace of settled rows and how busy the process is. */
export interface FeedPressure {
  /** Rows settled per second since the last frame. */
  rowsPerSecond: number;
  /** The process's event-loop utilization over the last second (0..1). */
  utilization: number;
}

/**
 * The frame interval under pressure, stretched FEED_STRETCH times for each of two reasons:
 * - the feed is busy: `rowsPerFrame` rows or more settle within FEED_FRESH_MS, so a frame carries
 *   only rows that fresh however far apart frames are (nobody reads a hundred rows a second);
 * - the process is saturated: its event loop ran FEED_SATURATED_UTILIZATION of the last second or
 *   more, so fewer sends to viewers leave more of the time to the bets.
 */
export function stretchedIntervalOf(
  intervalMs: number,
  pressure: FeedPressure,
  rowsPerFrame = FRAME_ROWS,
): number {
  const busy = (pressure.rowsPerSecond * FEED_FRESH_MS) / 1000 >= rowsPerFrame;
  const saturated = pressure.utilization >= FEED_SATURATED_UTILIZATION;
  return intervalMs * (busy ? FEED_STRETCH : 1) * (saturated ? FEED_STRETCH : 1);
}

/** While frames go further apart than the base interval, a pause this long in the settled rows sends the pending frame at once. */
export const FEED_PAUSE_MS = 100;

/** Where the frames stand at a flush tick. */
export interface FrameClock {
  /** The interval frames go at now (stretched or not). */
  frameInterval: number;
  /** The unstretched interval for the viewers present. */
  baseInterval: number;
  /** Rows heard since the last frame. */
  pendingRows: number;
  /** Settlement time of the newest row heard. */
  newestRowAt: number;
}

/**
 * Whether a frame goes at this flush tick: on every multiple of the frame interval, and also while
 * frames are stretched once the rows pause for FEED_PAUSE_MS. The stretch holds frames back only
 * while rows keep coming (each frame then shows the newest); after the last rows of a burst,
 * waiting out the stretched interval would only age the rows the frame shows.
 */
export function isFrameDue(tick: number, clock: FrameClock): boolean {
  if (tick % clock.frameInterval === 0) return true;
  const stretched = clock.frameInterval > clock.baseInterval;
  return stretched && clock.pendingRows > 0 && tick - clock.newestRowAt >= FEED_PAUSE_MS;
}

/** Milliseconds from `now` to the next time that is `offsetMs` past a multiple of `intervalMs`. */
export function delayToNextTick(now: number, intervalMs: number, offsetMs = 0): number {
  const since = (((now - offsetMs) % intervalMs) + intervalMs) % intervalMs;
  return intervalMs - since;
}

/**
 * Runs `run` `offsetMs` past every multiple of `intervalMs()` (read anew at each tick), on the
 * wall clock so the processes of a cluster tick together; `run` hears the tick's time on the grid.
 * Returns the function that stops.
 */
export function runOnGrid(run: (tick: number) => void, intervalMs: () => number, offsetMs = 0): () => void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let last = Number.NEGATIVE_INFINITY;
  const schedule = () => {
    // A timer may fire a millisecond early: the next tick is counted from the one just run.
    const now = Math.max(Date.now(), last);
    const delay = delayToNextTick(now, intervalMs(), offsetMs);
    timer = setTimeout(() => {
      last = now + delay;
      run(last);
      if (!stopped) schedule();
    }, delay);
    timer.unref();
  };
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
