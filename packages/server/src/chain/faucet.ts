/**
 * The demo faucet's release. A new wallet gets AMINA_FAUCET_PER_WALLET from the creator's reserve
 * only while its source address has faucet budget (by default one portion, 0.1 AMINA, per hour)
 * and the casino's hourly release is not spent (by default 2 AMINA an hour, 5 at once). Identities
 * are cheap (a demo identity costs nothing, an Algorand key pair costs nothing either), so the
 * budget follows the source and the clock, not the wallet: the fixed supply is handed out at a
 * bounded rate however many identities are made. Buckets live in the casino's rate limiter (Redis
 * when scaled out), so the release holds across processes.
 */
import { AMINA_FAUCET_PER_WALLET, formatUnits } from "@casino/protocol";
import { addressBucket } from "../security/client-address.ts";
import type { CasinoServices } from "../services.ts";

/** Why a new wallet got no faucet AMINA. */
export type FaucetRefusal = "source" | "casino";

/** Whether this new wallet may be funded by the faucet. */
export type FaucetDecision = { granted: true } | { granted: false; refusedBy: FaucetRefusal };

const HOUR_SECONDS = 3600;

/** The faucet's release as the cashier states it, in AMINA per hour (decimal strings). */
export function faucetPolicy(services: CasinoServices): { perAddressPerHour: string; casinoPerHour: string } {
  const rate = services.rateLimit;
  return {
    perAddressPerHour: formatUnits(Math.round(rate.faucetPerHour * AMINA_FAUCET_PER_WALLET)),
    casinoPerHour: formatUnits(Math.round(rate.faucetGlobalPerHour * AMINA_FAUCET_PER_WALLET)),
  };
}

/** Where a connect came from: its source address and the location security events name. */
export interface FaucetRequest {
  source: string | undefined;
  location: string;
}

/**
 * Takes one faucet portion from the request's source address, then from the casino's release;
 * call only for a connect that creates a wallet. A refusal is recorded (thinned per source).
 */
export async function admitFaucet(services: CasinoServices, request: FaucetRequest): Promise<FaucetDecision> {
  if (services.chain.mode !== "demo") return { granted: false, refusedBy: "casino" };
  const rate = services.rateLimit;
  const source = addressBucket(request.source);
  const budgets: [string, FaucetRefusal, { perSecond: number; burst: number }][] = [
    [`faucet:${source}`, "source", { perSecond: rate.faucetPerHour / HOUR_SECONDS, burst: rate.faucetBurst }],
    [
      "faucet:*",
      "casino",
      { perSecond: rate.faucetGlobalPerHour / HOUR_SECONDS, burst: rate.faucetGlobalBurst },
    ],
  ];
  for (const [key, refusedBy, size] of budgets) {
    const decision = await services.limiter.consume(key, size);
    if (decision.allowed) continue;
    services.limitEvents.report(key, {
      type: "faucet_refused",
      severity: "low",
      location: request.location,
      details:
        refusedBy === "source"
          ? "new wallet from a source address that had its faucet AMINA this hour"
          : "new wallet after the casino's hourly faucet release was spent",
      source: request.source,
      blocked: true,
      rule: "faucet-release",
    });
    return { granted: false, refusedBy };
  }
  return { granted: true };
}
