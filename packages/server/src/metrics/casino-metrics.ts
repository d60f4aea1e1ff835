/**
 * The Prometheus metrics of one casino process: a prom-client Registry per app instance (tests run
 * several casinos in one process) and the counters the request path, the games, poker and the
 * security sink feed. Gauges read at scrape time (rooms, open rounds, latencies) are added by
 * watchCasino (scrape-gauges.ts) once the services exist.
 */

import type { TableEvent } from "@casino/protocol";
import { type Currency, unitsToCoins } from "@casino/protocol";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { RoundRecord } from "../rounds/types.ts";
import { createWindowSums, rtpOf, type WindowSums } from "./window-sums.ts";

/** The RTP windows the gauges show, with their bucket counts. */
const RTP_WINDOWS = { "1h": { ms: 3_600_000, buckets: 60 }, "24h": { ms: 86_400_000, buckets: 96 } } as const;
type RtpWindow = keyof typeof RTP_WINDOWS;

/** HTTP latency buckets, seconds: the bet paths answer in a few ms, the dashboard's scans in seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The event-fed counters: name, help and label names of each. */
const COUNTERS = {
  bets: ["casino_bets_total", "Settled rounds by game and currency", ["game", "currency"]],
  staked: ["casino_bet_amount_coins_total", "Stakes of settled rounds, in coins", ["game", "currency"]],
  paid: ["casino_payout_amount_coins_total", "Payouts of settled rounds, in coins", ["game", "currency"]],
  hands: ["casino_poker_hands_total", "Poker hands by phase (started, ended)", ["phase"]],
  actions: ["casino_poker_actions_total", "Poker actions taken, by action", ["action"]],
  refusals: [
    "casino_rate_limit_refusals_total",
    "Requests, joins and claims refused by a rate limit, by rule",
    ["rule"],
  ],
  security: [
    "casino_security_events_total",
    "Security events recorded, by type and severity",
    ["type", "severity"],
  ],
} as const;

/** The counters of COUNTERS by key, each typed with its labels. */
type Counters = { [K in keyof typeof COUNTERS]: Counter<(typeof COUNTERS)[K][2][number]> };

/** Creates the counters of COUNTERS in `registers`, in the table's order. */
function createCounters(registers: Registry[]): Counters {
  const entries = Object.entries(COUNTERS).map(([key, [name, help, labelNames]]) => [
    key,
    new Counter({ name, help, labelNames, registers }),
  ]);
  return Object.fromEntries(entries) as Counters;
}

/** What the rest of the casino reports to the metrics. */
export interface CasinoMetrics {
  registry: Registry;
  /** One answered HTTP request; `route` is the route pattern (bounded), never the raw path. */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** A round after a successful round-service call; counted once it is settled. */
  observeRound(round: RoundRecord): void;
  /** Events of a poker table (hands started and ended, actions taken). */
  observePokerEvents(events: readonly TableEvent[]): void;
  /** A refusal by a rate limit, by the limit's rule. */
  countRefusal(rule: string): void;
  /** A security event as the sink records it (`count` like events at once). */
  countSecurityEvent(type: string, severity: string, count: number): void;
}

/** Creates the registry and the event-fed metrics of one casino. */
export function createCasinoMetrics(now: () => number = Date.now): CasinoMetrics {
  const registry = new Registry();
  const registers = [registry];
  const http = new Histogram({
    name: "casino_http_request_duration_seconds",
    help: "HTTP request duration by route pattern, method and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const { bets, staked, paid, hands, actions, refusals, security } = createCounters(registers);
  const windows = new Map<
    string,
    { game: string; currency: Currency; sums: Record<RtpWindow, WindowSums> }
  >();
  new Gauge({
    name: "casino_rtp_ratio",
    help: "Return to player (payouts / stakes) of the rounds settled in this process over a window",
    labelNames: ["game", "currency", "window"] as const,
    registers,
    collect() {
      this.reset();
      const at = now();
      for (const { game, currency, sums } of windows.values()) {
        for (const window of Object.keys(RTP_WINDOWS) as RtpWindow[]) {
          const rtp = rtpOf(sums[window].read(at));
          if (rtp !== undefined) this.set({ game, currency, window }, rtp);
        }
      }
    },
  });

  const windowsOf = (game: string, currency: Currency) => {
    const key = `${game}:${currency}`;
    let entry = windows.get(key);
    if (!entry) {
      const sums = {
        "1h": createWindowSums(RTP_WINDOWS["1h"].ms, RTP_WINDOWS["1h"].buckets),
        "24h": createWindowSums(RTP_WINDOWS["24h"].ms, RTP_WINDOWS["24h"].buckets),
      };
      entry = { game, currency, sums };
      windows.set(key, entry);
    }
    return entry.sums;
  };

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    observeRound(round) {
      if (round.status !== "settled") return;
      const labels = { game: round.gameType, currency: round.currency };
      const stake = unitsToCoins(round.betAmount);
      const win = unitsToCoins(round.winAmount);
      bets.inc(labels);
      staked.inc(labels, stake);
      paid.inc(labels, win);
      const at = now();
      for (const sums of Object.values(windowsOf(round.gameType, round.currency))) sums.add(at, stake, win);
    },
    observePokerEvents(events) {
      for (const event of events) {
        if (event.type === "hand_started") hands.inc({ phase: "started" });
        else if (event.type === "hand_ended") hands.inc({ phase: "ended" });
        else if (event.type === "action_taken") actions.inc({ action: event.action });
      }
    },
    countRefusal(rule) {
      refusals.inc({ rule });
    },
    countSecurityEvent(type, severity, count) {
      security.inc({ type, severity }, count);
    },
  };
}
