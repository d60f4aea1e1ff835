/**
 * How a route table entry is written: the route as the docs name it ("POST /api/crypto/deposit"),
 * who may call it, its summary, and what it takes, answers and refuses, under its tag.
 */
import type { ApiRoute, RouteAccess } from "./route-table.ts";

/** A route's method and path as the docs write them: "GET /api/session", parameters in braces. */
export type RouteLine = `${"GET" | "POST" | "PUT" | "DELETE"} /${string}`;

/** What an entry says besides its line and summary: the failures beyond its access's own. */
export type RouteDetails = Partial<Pick<ApiRoute, "body" | "query" | "response" | "failures">>;

/** The failure every route of an access may answer, listed first: no session, no operator token. */
const ACCESS_FAILURES: Record<RouteAccess, ApiRoute["failures"]> = {
  public: [],
  session: ["auth/no_session"],
  operator: ["operator/unauthorized"],
};

/** The entry builder of the routes under one tag. */
function routesTagged(tag: string) {
  return (access: RouteAccess, line: RouteLine, summary: string, details: RouteDetails = {}): ApiRoute => {
    const [method, path] = line.split(" ") as [string, string];
    const { failures = [], ...rest } = details;
    return {
      method: method.toLowerCase() as ApiRoute["method"],
      path,
      tag,
      summary,
      access,
      ...rest,
      failures: [...ACCESS_FAILURES[access], ...failures],
    };
  };
}

/** The entry builders by tag: `tagged.cashier("session", "POST /api/crypto/deposit", "Deposit AMINA", {...})`. */
export const tagged = {
  session: routesTagged("session"),
  cashier: routesTagged("cashier"),
  games: routesTagged("games"),
  fairness: routesTagged("fairness"),
  poker: routesTagged("poker"),
  tournaments: routesTagged("tournaments"),
  floor: routesTagged("floor"),
  responsible: routesTagged("responsible"),
  operations: routesTagged("operations"),
  operator: routesTagged("operator"),
};
