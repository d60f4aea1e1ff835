/** The operator API under /api/security: login, then the dashboard's views behind the operator token. */
import { chatMuteBodySchema, chatUserBodySchema } from "@casino/protocol/schemas/chat";
import {
  comprehensiveScanSchema,
  domainFixAnswerSchema,
  domainReportSchema,
  domStatsSchema,
  hackerStatsSchema,
  ledgerFullCheckSchema,
  loginAnswerSchema,
  personaStatsSchema,
  realTimeVulnerabilitiesSchema,
  timelineSchema,
} from "@casino/protocol/schemas/operator-answers";
import { vaultLogsSchema } from "@casino/protocol/schemas/operator-vault";
import { domainFixBodySchema, operatorLoginBodySchema, timelineQuerySchema } from "../../operator/schemas.ts";
import { type RouteDetails, type RouteLine, tagged } from "./route-entry.ts";
import type { ApiRoute } from "./route-table.ts";

/** A route behind the operator token; its line's path is under /api/security. */
function operatorRoute(line: RouteLine, summary: string, more: RouteDetails = {}): ApiRoute {
  const [method, path] = line.split(" ");
  return tagged.operator("operator", `${method} /api/security${path}` as RouteLine, summary, more);
}

/** Routes of the operator dashboard. */
export const OPERATOR_ROUTES: ApiRoute[] = [
  tagged.operator("public", "POST /api/security/login", "Log in with the operator password", {
    body: { schema: operatorLoginBodySchema, example: { password: "correct horse battery staple" } },
    response: loginAnswerSchema,
    failures: ["operator/not_configured", "operator/bad_password", "operator/too_many_attempts"],
  }),
  operatorRoute("POST /logout", "End the operator session"),
  operatorRoute("GET /responsible", "Responsible-gaming overview"),
  operatorRoute("GET /chat", "Chat moderation: recent messages and sanctions"),
  operatorRoute("POST /chat/mute", "Mute a player in the chat", {
    body: {
      schema: chatMuteBodySchema,
      example: { userId: "0b7e1c52-9d0a-4f7e-8a55-3f2d1c9e4b10", minutes: 30 },
    },
  }),
  operatorRoute("POST /chat/ban", "Ban a player from the chat", {
    body: { schema: chatUserBodySchema, example: { userId: "0b7e1c52-9d0a-4f7e-8a55-3f2d1c9e4b10" } },
  }),
  operatorRoute("POST /chat/lift", "Lift a player's chat sanctions", {
    body: { schema: chatUserBodySchema, example: { userId: "0b7e1c52-9d0a-4f7e-8a55-3f2d1c9e4b10" } },
  }),
  operatorRoute("GET /dom", "Client-side security counters", { response: domStatsSchema }),
  operatorRoute("GET /comprehensive", "The full security scan", { response: comprehensiveScanSchema }),
  operatorRoute("GET /ledger/full-check", "The bookkeeper's last full check", {
    response: ledgerFullCheckSchema,
  }),
  operatorRoute("POST /ledger/full-check", "Run the bookkeeper's full check now", {
    response: ledgerFullCheckSchema,
  }),
  operatorRoute("GET /hackers", "Attackers seen", { response: hackerStatsSchema }),
  operatorRoute("GET /real-time-vulnerabilities", "Recent security events", {
    response: realTimeVulnerabilitiesSchema,
  }),
  operatorRoute("GET /timeline", "Events and bets per minute", {
    query: timelineQuerySchema,
    response: timelineSchema,
  }),
  operatorRoute("GET /domain/report", "The domain report", { response: domainReportSchema }),
  operatorRoute("POST /emergency-domain-fix", "Switch maintenance mode for a domain", {
    body: { schema: domainFixBodySchema, example: { domain: "casino.example", enable: true } },
    response: domainFixAnswerSchema,
  }),
  operatorRoute("POST /events/{id}/resolve", "Mark a security event resolved", {
    failures: ["operator/event_not_found"],
  }),
  operatorRoute("GET /{persona}/stats", "One persona's counters", {
    response: personaStatsSchema,
    failures: ["operator/unknown_persona"],
  }),
  operatorRoute("GET /{persona}/vault", "One persona's vault logs", {
    response: vaultLogsSchema,
    failures: ["operator/unknown_persona", "operator/vault_not_configured", "operator/vault_denied"],
  }),
];
