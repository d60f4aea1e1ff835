/**
 * Body and query validation: a zod schema per body or query; a bad one is a 400 `{code, message}` naming the first
 * problem, and a security event. Amount fields parse exactly into micro-units or are refused.
 */
import { amountSchema, walletFieldSchema } from "@casino/protocol/schemas/fields";
import type { Request, Response } from "express";
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

/** Parses the request body with a schema; on failure answers 400 and returns undefined. */
export function parseBody<S extends z.ZodType>(
  services: CasinoServices,
  schema: S,
  req: Request,
  res: Response,
): z.output<S> | undefined {
  return parseInput(services, schema, req.body ?? {}, req, res);
}

/** Parses the query string with a schema; on failure answers 400 and returns undefined. */
export function parseQuery<S extends z.ZodType>(
  services: CasinoServices,
  schema: S,
  req: Request,
  res: Response,
): z.output<S> | undefined {
  return parseInput(services, schema, req.query, req, res);
}

/** Parses `input` with a schema; on failure answers 400 naming the first problem (a security event). */
function parseInput<S extends z.ZodType>(
  services: CasinoServices,
  schema: S,
  input: unknown,
  req: Request,
  res: Response,
): z.output<S> | undefined {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const message = describeIssue(parsed.error);
  refuse(services, req, res, failure("input/invalid", message), { type: "invalid_input", severity: "low" });
  return undefined;
}
