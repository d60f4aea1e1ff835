/** Response shapes of docs/API.md, as the client reads them (amounts are decimal strings or numbers). */

/** An identifier as the server sends it (database ids may be numbers or strings). */
export type Id = string | number;

/** GET /api/session: the cookie's wallet, or nulls when no session exists. */
export type SessionInfo = { walletAddress: string | null; userId: Id | null };

/** A user record with both balances as decimal strings in coins. */
export type UserRecord = {
  id: Id;
  walletAddress: string;
  username: string;
  aminaBalance: string;
  houseBalance: string;
};

/** POST /api/auth/challenge: the one-time text a wallet signs to prove it holds the address's key. */
export type Challenge = { challengeId: string; challenge: string; expiresAt: string | number };

/** An exchange where AMINA is bought; opened in a new tab. */
export type Exchange = { name: string; url: string };

/** GET /api/crypto/status: network, token asset and the exchanges. */
export type CryptoStatus = {
  network: string;
  mode: string;
  asset: {
    id: Id;
    name: string;
    unitName: string;
    decimals: number;
    totalSupply: string | number;
    creator: string;
  };
  exchanges: Exchange[];
  chain?: { circulatingInCasino?: string | number; heldOnChain?: string | number };
};

/** One row of GET /api/crypto/transactions/{wallet}. */
export type CryptoTransaction = {
  id: Id;
  type: string;
  currency: string;
  amount: string | number;
  txnHash: string | null;
  status: string;
  createdAt: string;
};

/** The demo faucet as the chain balance reports it: whether it funded this wallet, and its release. */
export type FaucetInfo = { received: boolean; perAddressPerHour: string; casinoPerHour: string };

/** GET /api/crypto/chain-balance/{wallet}: the wallet's simulated on-chain AMINA (and the faucet in demo mode). */
export type ChainBalance = { walletAddress: string; amina: string | number; faucet?: FaucetInfo | null };

/** POST /api/crypto/deposit and /withdraw: the transfer and the new balances. */
export type CashierReceipt = {
  success: true;
  txnHash: string;
  amount: string | number;
  aminaBalance: string;
  houseBalance: string;
};

/** POST /api/crypto/demo-grant: the refill and the new HC balance. */
export type DemoGrantReceipt = { success: true; amount: string | number; houseBalance: string };

/** GET /api/game-seeds/current/{wallet}: the committed seed pair and the next nonce. */
export type SeedInfo = { serverSeedHash: string; clientSeed: string; nonce: number; isActive: boolean };

/** POST /api/game-seeds/new-server-seed: the revealed previous seed and the new commitment. */
export type SeedRotation = {
  ok: true;
  previousServerSeed: string;
  previousServerSeedHash: string;
  serverSeedHash: string;
  nonce: number;
};

/** One settled round of GET /api/game-sessions/{wallet}, with what is needed to re-verify it. */
export type GameSessionRecord = {
  id: Id;
  gameType: string;
  betAmount: number | string;
  winAmount: number | string;
  currency: string;
  createdAt: string;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  input: unknown;
  outcome: unknown;
};
