/**
 * Room messages through Colyseus's `validate(schema, handler)` with a schema that never fails on
 * its own: the handler receives the zod parse and answers a malformed message itself (an "error"
 * reply, a security event, then the drop), which Colyseus's own failure path would skip.
 */
import { type Client, type Room, validate } from "@colyseus/core";
import type { z } from "zod";

/** The parse of a message: success with its data, or the issues. */
export type Parsed<S extends z.ZodType> = z.ZodSafeParseResult<z.output<S>>;

/** The Standard Schema interface Colyseus validates with, for a parse that always succeeds. */
interface ParsingSchema<S extends z.ZodType> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    validate(raw: unknown): { value: Parsed<S> };
    readonly types?: { readonly input: unknown; readonly output: Parsed<S> };
  };
}

/** A schema whose value is the zod parse itself: one parse per message, nothing wrapped around it. */
function parsingOf<S extends z.ZodType>(schema: S): ParsingSchema<S> {
  return {
    "~standard": { version: 1, vendor: "casino", validate: (raw) => ({ value: schema.safeParse(raw) }) },
  };
}

/** Registers `handler` for `type` on a room; it gets the parse of the message by `schema`. */
export function onParsedMessage<S extends z.ZodType>(
  room: Room,
  type: string,
  schema: S,
  handler: (client: Client, parsed: Parsed<S>) => unknown,
): void {
  const validated = validate(parsingOf(schema), handler);
  // Input and output differ (raw in, parse out), which the overload's single type parameter cannot say.
  room.onMessage(type, validated.format as never, validated.handler);
}
