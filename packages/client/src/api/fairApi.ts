/** Provably-fair seed and round-history calls of docs/API.md ("Provably fair"). */
import { type ApiResult, requestApi } from "./http.ts";
import { lazySchema } from "./lazySchema.ts";
import type { SeedRotation } from "./types.ts";

/** Path of a wallet's current seed commitment and nonce. */
export function seedsPath(walletAddress: string): string {
  return `/api/game-seeds/current/${encodeURIComponent(walletAddress)}`;
}

/** Path of a wallet's settled rounds, latest first. */
export function gameSessionsPath(walletAddress: string): string {
  return `/api/game-sessions/${encodeURIComponent(walletAddress)}`;
}

/** Replaces the player's client seed, which feeds every following round. */
export function updateClientSeed(clientSeed: string): Promise<ApiResult<{ ok: true; clientSeed: string }>> {
  return requestApi("POST", "/api/game-seeds/update-client-seed", { body: { clientSeed } });
}

/** Reveals the active server seed and commits to a new one. */
export function rotateServerSeed(): Promise<ApiResult<SeedRotation>> {
  return requestApi(
    "POST",
    "/api/game-seeds/new-server-seed",
    { body: {} },
    lazySchema("seedRotationSchema"),
  );
}
