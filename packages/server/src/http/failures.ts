/**
 * Every expected failure of the REST API: the casino's one catalogue (namespaced code, HTTP status
 * and the text the player sees, SPEC.md section 8) lives in protocol, shared with the client.
 */
export { type Failure, type FailureCode, failure, makeFailure, statusOf } from "@casino/protocol";
