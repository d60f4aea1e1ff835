/** Recovery-key calls of docs/API.md ("Wallet and session"): keep a demo identity, restore it anywhere. */
import {
  type RecoveryKey,
  type RecoveryStatus,
  recoveryKeySchema,
  recoveryStatusSchema,
} from "@casino/protocol/schemas/recovery";
import { userRecordSchema } from "@casino/protocol/schemas/rest-answers";
import { type ApiResult, requestApi } from "./http.ts";
import type { UserRecord } from "./types.ts";

/** Whether the session's demo identity has a recovery key yet. */
export function readRecoveryStatus(): Promise<ApiResult<RecoveryStatus>> {
  return requestApi("GET", "/api/recovery", {}, recoveryStatusSchema);
}

/** Issues a new recovery key for the session's demo identity (the previous key stops working). */
export function issueRecoveryKey(): Promise<ApiResult<RecoveryKey>> {
  return requestApi("POST", "/api/recovery/key", {}, recoveryKeySchema);
}

/** Opens a session on the demo identity of a recovery key. */
export function restoreIdentity(recoveryKey: string): Promise<ApiResult<UserRecord>> {
  return requestApi("POST", "/api/recovery/restore", { body: { recoveryKey } }, userRecordSchema);
}
