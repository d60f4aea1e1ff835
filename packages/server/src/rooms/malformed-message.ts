/** The security record of a room message that failed validation. */
import { type Client, CloseCode } from "@colyseus/core";
import type { AppServices } from "../app-services.ts";

/** A malformed room message as the security record names it. */
export interface MalformedMessage {
  room: string;
  type: string;
  player: string | undefined;
  details: string;
}

/**
 * Records a malformed room message as a security event: `room` names the room (and game),
 * `player` who sent it, `dropped` whether the client is dropped for it (a medium event) or only
 * refused (a low one).
 */
export function recordMalformedMessage(
  services: Pick<AppServices, "security">,
  message: MalformedMessage & { dropped: boolean },
): void {
  services.security.recordSecurityEvent({
    type: "malformed_input",
    severity: message.dropped ? "medium" : "low",
    location: `room ${message.room} ${message.type}`.slice(0, 200),
    details: `${message.player ?? "unknown"}: ${message.details}`.slice(0, 500),
    source: undefined,
    blocked: true,
    rule: message.dropped ? "room-malformed-drop" : "room-validate",
  });
}

/** Records a malformed message as dropped, sends the client `answer` as "error" and closes it; returns `answer`. */
export function dropMalformedSender<T>(
  services: Pick<AppServices, "security">,
  client: Client,
  message: MalformedMessage,
  answer: T,
): T {
  recordMalformedMessage(services, { ...message, dropped: true });
  client.send("error", answer);
  client.leave(CloseCode.WITH_ERROR, "malformed input");
  return answer;
}
