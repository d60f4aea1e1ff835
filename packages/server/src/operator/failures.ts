/** The operator API's expected failures: namespaced codes, statuses and the texts the dashboard shows. */
import { type Failure, makeFailure } from "../http/failures.ts";
import { VAULT_PERSONA } from "./personas.ts";

const OPERATOR_FAILURES = {
  "operator/not_configured": [503, "Operator password not configured"],
  "operator/vault_not_configured": [503, "Vault password not configured"],
  "operator/bad_password": [403, "Access Denied - Incorrect Password"],
  "operator/unauthorized": [401, "Operator login required"],
  "operator/too_many_attempts": [429, "Too many failed password attempts, try again later"],
  "operator/vault_denied": [403, `Access denied: only ${VAULT_PERSONA.name} may open the vault`],
  "operator/unknown_persona": [404, "Unknown persona"],
  "operator/event_not_found": [404, "Security event not found"],
} as const satisfies Record<string, readonly [number, string]>;

/** Every code of the operator API. */
export type OperatorFailureCode = keyof typeof OPERATOR_FAILURES;

/** The failure of an operator code with its catalogue text. */
export function operatorFailure(code: OperatorFailureCode): Failure {
  const [status, message] = OPERATOR_FAILURES[code];
  return makeFailure(status, code, message);
}
