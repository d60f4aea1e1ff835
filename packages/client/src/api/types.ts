/** Response shapes of docs/API.md as the client reads them: the protocol's REST answer schemas. */
export type {
  CashierReceipt,
  ChainBalance,
  Challenge,
  CryptoStatus,
  CryptoTransaction,
  DemoGrantReceipt,
  Exchange,
  FaucetInfo,
  GameSessionRecord,
  SeedInfo,
  SeedRotation,
  SessionInfo,
  UserRecord,
} from "@casino/protocol/schemas/rest-answers";

/** An identifier as the server sends it (database ids may be numbers or strings). */
export type Id = string | number;
