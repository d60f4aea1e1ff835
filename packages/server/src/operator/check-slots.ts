/**
 * A counting semaphore with a bounded queue: at most `limit` tasks run at once, at most
 * `maxWaiting` wait their turn, and any further one is refused at once (SlotsBusyError) rather
 * than queued without end. The password checks use it so scrypt never takes more than a couple of
 * the thread pool's threads, however many attempts arrive together.
 */

/** Thrown by run() when every slot is taken and the queue is full. */
export class SlotsBusyError extends Error {
  constructor() {
    super("too many checks waiting");
    this.name = "SlotsBusyError";
  }
}

/** A semaphore as the password checks use it. */
export interface CheckSlots {
  /** Runs `task` in a slot (waiting for one), or rejects with SlotsBusyError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  running(): number;
  /** Tasks waiting now. */
  waiting(): number;
}

/** Creates a semaphore of `limit` slots and a queue of `maxWaiting`. */
export function createCheckSlots(limit: number, maxWaiting: number): CheckSlots {
  let running = 0;
  const queue: (() => void)[] = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(task) {
      if (running >= limit) {
        if (queue.length >= maxWaiting) throw new SlotsBusyError();
        // The releasing task hands its slot straight to the next in line.
        await new Promise<void>((resolve) => queue.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    running: () => running,
    waiting: () => queue.length,
  };
}
