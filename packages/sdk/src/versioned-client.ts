/**
 * The Colyseus client every casino script, test and bench connects with: each matchmaking request
 * (join, create, join by id, reconnect) names this build's PROTOCOL_VERSION, as the casino's pages
 * do, so the server can refuse a client that speaks another contract (protocol/version_mismatch).
 */
import { PROTOCOL_VERSION, PROTOCOL_VERSION_OPTION } from "@casino/protocol/wire/version";
import { Client } from "@colyseus/sdk";
import type { SchemaConstructor } from "@colyseus/sdk/serializer/SchemaSerializer";

/** Join options as the SDK takes them. */
type JoinOptions = Record<string, unknown>;

/** A Colyseus SDK client whose every matchmaking request carries the protocol version. */
export class VersionedClient extends Client {
  protected override createMatchMakeRequest<T>(
    method: string,
    roomName: string,
    options: JoinOptions = {},
    rootSchema?: SchemaConstructor<T>,
  ) {
    return super.createMatchMakeRequest<T>(
      method,
      roomName,
      { ...options, [PROTOCOL_VERSION_OPTION]: PROTOCOL_VERSION },
      rootSchema,
    );
  }
}
