/**
 * Input validation: every route declares its body, query and params as zod schemas, which Fastify
 * compiles once per route (`validatorCompiler`). A bad input is a 400 `{code, message}` naming the
 * first problem and a security event (errors.ts). Amount fields parse exactly into micro-units or
 * are refused. A route whose query shape depends on the query itself parses it in its handler.
 */
import { amountSchema, walletFieldSchema } from "@casino/protocol/schemas/fields";
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { describeIssue } from "../replies.ts";
import type { CasinoServices } from "../services.ts";
import { failure } from "./failures.ts";
import { refuse } from "./respond.ts";

/** An amount in coins on the wire (JSON number or decimal string), parsed exactly into micro-units. */
export const amountField = amountSchema;

/** The spec's wallet fields: optional, and when present they must name the session's own wallet (checked by guardWallet). */
export const walletFields = {
  walletAddress: walletFieldSchema,
  userWallet: walletFieldSchema,
  userId: walletFieldSchema,
  playerId: walletFieldSchema,
};

/** A refused input: its message is the one sentence the player reads. */
export class InvalidInputError extends Error {
  readonly code = "input/invalid";
  readonly statusCode = 400;
}

/**
 * Compiles a route's zod schema into Fastify's validator; a missing body is validated as `{}`
 * (a POST without a body is a request with no fields).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  return (data: unknown) => {
    const input = httpPart === "body" && (data === null || data === undefined) ? {} : data;
    const parsed = schema.safeParse(input);
    if (parsed.success) return { value: parsed.data };
    return { error: new InvalidInputError(describeIssue(parsed.error)) };
  };
};

/** Parses the query string with a schema in a handler; on failure answers 400 and returns undefined. */
export function parseQuery<S extends z.ZodType>(
  services: CasinoServices,
  schema: S,
  request: FastifyRequest,
  reply: FastifyReply,
): z.output<S> | undefined {
  const parsed = schema.safeParse(request.query);
  if (parsed.success) return parsed.data;
  const message = describeIssue(parsed.error);
  refuse(services, request, reply, failure("input/invalid", message), {
    type: "invalid_input",
    severity: "low",
  });
  return undefined;
}
