/**
 * The one table of the casino's HTTP routes that the OpenAPI document is generated from: method,
 * path, the zod schemas the route itself parses with (request body, query) and answers with, and the
 * namespaced failure codes it may answer. A route served without an entry here fails
 * openapi.test.ts (and so does an entry whose route is gone).
 */
import type { FailureCode } from "@casino/protocol";
import type { LimitFailureCode } from "@casino/protocol/schemas/responsible";
import type { z } from "zod";
import { CRASH_ROUTES } from "./routes-crash.ts";
import { FLOOR_ROUTES } from "./routes-floor.ts";
import { OPERATOR_ROUTES } from "./routes-operator.ts";
import { PLAYER_ROUTES } from "./routes-player.ts";
import { POKER_ROUTES } from "./routes-poker.ts";

/** Who may call a route. */
export type RouteAccess = "public" | "session" | "operator";

/** A failure outside the casino's catalogue (a feature's own codes), with its status. */
export interface OtherFailure {
  code: string;
  status: number;
}

/** One documented route. */
export interface ApiRoute {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI form, parameters in braces: "/api/poker/tables/{id}". */
  path: string;
  tag: string;
  summary: string;
  access: RouteAccess;
  /** The JSON body schema the route parses with, and a body it accepts. */
  body?: { schema: z.ZodType; example: unknown };
  /** The query schema the route parses with (an object). */
  query?: z.ZodType;
  /** The success answer: a schema of the JSON, or another media type. */
  response?: z.ZodType | "text/plain" | "text/html";
  /** Expected failures beyond the ones every route may give (429, and 400/413/415 for a body). */
  failures: (FailureCode | LimitFailureCode | OtherFailure)[];
}

/** A demo wallet the examples use. */
export const EXAMPLE_WALLET = "DEMOEXAMPLE01";

/** Every route the casino serves over HTTP (besides the client's files and /metrics). */
export const API_ROUTES: readonly ApiRoute[] = [
  ...PLAYER_ROUTES,
  ...CRASH_ROUTES,
  ...POKER_ROUTES,
  ...FLOOR_ROUTES,
  ...OPERATOR_ROUTES,
];
