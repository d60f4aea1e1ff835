/** Named one-shot timers of a table (turn, bot, runout, next hand...): setting a name replaces its timer. */

/** A table's timers; `clearAll` on close. */
export class NamedTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  /** Runs `fn` after `ms`, replacing any timer of the same name. */
  set(name: string, ms: number, fn: () => void): void {
    this.clear(name);
    const timer = setTimeout(
      () => {
        this.timers.delete(name);
        fn();
      },
      Math.max(0, ms),
    );
    timer.unref();
    this.timers.set(name, timer);
  }

  /** Whether a timer of this name is waiting. */
  has(name: string): boolean {
    return this.timers.has(name);
  }

  /** Cancels a timer if it is waiting. */
  clear(name: string): void {
    const timer = this.timers.get(name);
    if (timer) clearTimeout(timer);
    this.timers.delete(name);
  }

  /** Cancels every timer. */
  clearAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
