/** The operator API's expected failures: namespaced codes, statuses and texts of the casino's one catalogue (protocol). */
import { type Failure, failure, type OperatorFailureCode } from "@casino/protocol";
import { VAULT_PERSONA } from "./personas.ts";

/** Every code of the operator API. */
export type { OperatorFailureCode };

/** The vault's refusal names its one keeper. */
const VAULT_DENIED = `Access denied: only ${VAULT_PERSONA.name} may open the vault`;

/** The failure of an operator code with its catalogue text. */
export function operatorFailure(code: OperatorFailureCode): Failure {
  return failure(code, code === "operator/vault_denied" ? VAULT_DENIED : undefined);
}
