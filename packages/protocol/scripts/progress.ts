/** A progress line for long runs: a bar with percent, rate and ETA on a TTY, plain lines otherwise. */

/** Reports progress of `total` units of work to stderr. */
export function createProgress(label: string, total: number): { update(done: number): void; finish(): void } {
  const started = performance.now();
  const tty = process.stderr.isTTY === true;
  let lastPrinted = 0;
  let lastPercent = -1;
  const render = (done: number, final: boolean): void => {
    const now = performance.now();
    const seconds = (now - started) / 1000;
    const rate = done / Math.max(seconds, 1e-9);
    const percent = Math.floor((done / total) * 100);
    const eta = rate > 0 ? (total - done) / rate : 0;
    const text = `${percent}% ${done.toLocaleString("en")}/${total.toLocaleString("en")} ${Math.round(rate).toLocaleString("en")} rounds/s ETA ${eta.toFixed(0)}s`;
    if (tty) {
      if (!final && now - lastPrinted < 100) return;
      lastPrinted = now;
      const width = 30;
      const filled = Math.round((done / total) * width);
      process.stderr.write(
        `\r${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${text}\x1b[K${final ? "\n" : ""}`,
      );
    } else if (final || (percent >= lastPercent + 10 && now - lastPrinted > 1000)) {
      process.stderr.write(`${label} ${text}\n`);
      lastPrinted = now;
      lastPercent = percent;
    }
  };
  return {
    update: (done) => render(done, false),
    finish: () => render(total, true),
  };
}
