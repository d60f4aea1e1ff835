/**
 * Schemas of the Sit & Go REST API: the register body and the tournament view the lobby, the
 * table screen and the finishing screen read (GET /api/poker/tournaments and /{id}).
 */
import { z } from "zod";

/** POST /api/poker/tournaments/{id}/register: an optional display name. */
export const tournamentRegisterBodySchema = z
  .object({ playerName: z.string().trim().min(1).max(24).optional() })
  .strict();

/** A player of a tournament, with place and prize once out (prize in coins). */
export const tournamentPlayerSchema = z.object({
  name: z.string(),
  userId: z.string().nullable(),
  isBot: z.boolean(),
  stack: z.number().int(),
  place: z.number().int().nullable(),
  prize: z.string().nullable(),
});

/** A tournament as the lobby shows it; money as decimal strings in coins. */
export const tournamentViewSchema = z.object({
  id: z.string(),
  definitionId: z.string(),
  name: z.string(),
  currency: z.enum(["HC", "AMINA"]),
  maxPlayers: z.number().int(),
  buyIn: z.string(),
  fee: z.string(),
  startingStack: z.number().int(),
  status: z.enum(["registering", "running", "finished", "cancelled"]),
  registeredCount: z.number().int(),
  players: z.array(tournamentPlayerSchema),
  prizePool: z.string(),
  payouts: z.array(z.string()),
  level: z.number().int(),
  smallBlind: z.number().int(),
  bigBlind: z.number().int(),
  ante: z.number().int(),
  levelMs: z.number().int(),
  nextLevelAt: z.number().nullable(),
  tableId: z.string().nullable(),
  handCount: z.number().int(),
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
});

/** A tournament view. */
export type TournamentView = z.infer<typeof tournamentViewSchema>;
