/**
 * A headless runner for load scripts written for @colyseus/loadtest (a `main(options)` per client):
 * starts N clients, lets them play for a while, then stops them and sums what they report. Tests
 * and CI use it where the loadtest's terminal UI cannot run.
 */

/** What one client of a load script reports. */
export interface ClientTally {
  rounds: number;
  errors: string[];
}

/** The options a load script's main receives (the subset of @colyseus/loadtest's it reads). */
export interface LoadOptions {
  endpoint: string;
  clientId: number;
  /** Aborted when the run is over. */
  signal?: AbortSignal;
  /** Where the client adds its rounds and errors. */
  tally?: ClientTally;
}

/** The summary of a run. */
export interface LoadReport {
  clients: number;
  seconds: number;
  rounds: number;
  /** The rounds of the client that played the fewest (0: a client never got going). */
  fewestRounds: number;
  roundsPerSecond: number;
  errors: number;
  firstErrors: string[];
}

/** Runs `main` for `clients` clients during `seconds` seconds against `endpoint`. */
export async function runClients(
  main: (options: LoadOptions) => Promise<void>,
  run: { endpoint: string; clients: number; seconds: number },
): Promise<LoadReport> {
  const stop = new AbortController();
  const tallies = Array.from({ length: run.clients }, (): ClientTally => ({ rounds: 0, errors: [] }));
  const started = performance.now();
  const timer = setTimeout(() => stop.abort(), run.seconds * 1000);
  const results = await Promise.allSettled(
    tallies.map((tally, clientId) => main({ endpoint: run.endpoint, clientId, signal: stop.signal, tally })),
  );
  clearTimeout(timer);
  results.forEach((result, i) => {
    if (result.status === "rejected") tallies[i]?.errors.push(String(result.reason));
  });
  const seconds = (performance.now() - started) / 1000;
  const rounds = tallies.reduce((sum, t) => sum + t.rounds, 0);
  const errors = tallies.flatMap((t) => t.errors);
  return {
    clients: run.clients,
    seconds: Math.round(seconds * 10) / 10,
    rounds,
    fewestRounds: Math.min(...tallies.map((t) => t.rounds)),
    roundsPerSecond: Math.round((rounds / seconds) * 10) / 10,
    errors: errors.length,
    firstErrors: errors.slice(0, 5),
  };
}
