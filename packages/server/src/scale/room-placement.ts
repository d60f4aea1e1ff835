/**
 * Where the cluster creates a room (Colyseus `selectProcessIdToCreateRoom`). A poker table's room
 * must live in the process that holds the table's lease, since only that process has the table in
 * memory: it is created there, through the presence; a Supernova room likewise lives with the
 * holder of its currency's lease, where the round's engine runs. Every other room, and a table nobody hosts
 * yet, is created by the process that received the request: the proxy in front already spreads the
 * requests, and the table's lease then follows the room.
 */
import { CURRENCIES } from "@casino/protocol";
import { POKER_TABLE_ROOM } from "@casino/protocol/schemas/poker";
import type { Kysely } from "kysely";
import { findCrashHost } from "../crash/lease.ts";
import type { Database } from "../db/schema.ts";
import { CRASH_ROOM } from "../rooms/crash/crash-room.ts";
import type { NodeRegistry } from "./node-registry.ts";
import { findTableOwner } from "./table-owner.ts";

/** What the placement reads. */
export interface PlacementContext {
  db: Kysely<Database>;
  registry: NodeRegistry;
  /** This process's Colyseus id (read when a room is created: it is set once the server runs). */
  localProcessId(): string;
  now(): number;
}

/** The process to create a room on. */
export async function selectProcessForRoom(
  context: PlacementContext,
  roomName: string,
  clientOptions: unknown,
): Promise<string> {
  const local = context.localProcessId();
  if (roomName === CRASH_ROOM) return selectCrashHost(context, clientOptions, local);
  if (roomName !== POKER_TABLE_ROOM) return local;
  const tableId = (clientOptions as { tableId?: unknown } | undefined)?.tableId;
  if (typeof tableId !== "string" || tableId.length === 0 || tableId.length > 64) return local;
  const owner = await findTableOwner(context.db, tableId, context.now());
  if (!owner) return local;
  const node = await context.registry.find(owner);
  return node?.processId ?? local;
}

/** The process hosting the round of the join's currency (HC when none is named), else this one. */
async function selectCrashHost(context: PlacementContext, clientOptions: unknown, local: string) {
  const named = (clientOptions as { currency?: unknown } | undefined)?.currency ?? "HC";
  const currency = CURRENCIES.find((c) => c === named);
  if (!currency) return local;
  const owner = await findCrashHost(context, currency, context.now());
  if (!owner) return local;
  const node = await context.registry.find(owner);
  return node?.processId ?? local;
}
