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
import type { z } from "zod";
import { domainFixBodySchema, operatorLoginBodySchema, timelineQuerySchema } from "../../operator/schemas.ts";
import type { ApiRoute } from "./route-table.ts";

const guarded = ["operator/unauthorized"] as const;

/** A route behind the operator token. */
function operatorRoute(
  method: ApiRoute["method"],
  path: string,
  summary: string,
  more: {
    response?: z.ZodType;
    body?: ApiRoute["body"];
    query?: z.ZodType;
    failures?: ApiRoute["failures"];
  } = {},
): ApiRoute {
  const { failures = [], ...rest } = more;
  return {
    method,
    path: `/api/security${path}`,
    tag: "operator",
    summary,
    access: "operator",
    ...rest,
    failures: [...guarded, ...failures],
  };
}

/** Routes of the operator dashboard. */
export const OPERATOR_ROUTES: ApiRoute[] = [
  {
    method: "post",
    path: "/api/security/login",
    tag: "operator",
    summary: "Log in with the operator password",
    access: "public",
    body: { schema: operatorLoginBodySchema, example: { password: "correct horse battery staple" } },
    response: loginAnswerSchema,
    failures: ["operator/not_configured", "operator/bad_password", "operator/too_many_attempts"],
  },
  operatorRoute("post", "/logout", "End the operator session"),
  operatorRoute("get", "/responsible", "Responsible-gaming overview"),
  operatorRoute("get", "/chat", "Chat moderation: recent messages and sanctions"),
  operatorRoute("post", "/chat/mute", "Mute a player in the chat", {
    body: { schema: chatMuteBodySchema, example: { username: "cosmic_nova", minutes: 30 } },
  }),
  operatorRoute("post", "/chat/ban", "Ban a player from the chat", {
    body: { schema: chatUserBodySchema, example: { username: "cosmic_nova" } },
  }),
  operatorRoute("post", "/chat/lift", "Lift a player's chat sanctions", {
    body: { schema: chatUserBodySchema, example: { username: "cosmic_nova" } },
  }),
  operatorRoute("get", "/dom", "Client-side security counters", { response: domStatsSchema }),
  operatorRoute("get", "/comprehensive", "The full security scan", { response: comprehensiveScanSchema }),
  operatorRoute("get", "/ledger/full-check", "The bookkeeper's last full check", {
    response: ledgerFullCheckSchema,
  }),
  operatorRoute("post", "/ledger/full-check", "Run the bookkeeper's full check now", {
    response: ledgerFullCheckSchema,
  }),
  operatorRoute("get", "/hackers", "Attackers seen", { response: hackerStatsSchema }),
  operatorRoute("get", "/real-time-vulnerabilities", "Recent security events", {
    response: realTimeVulnerabilitiesSchema,
  }),
  operatorRoute("get", "/timeline", "Events and bets per minute", {
    query: timelineQuerySchema,
    response: timelineSchema,
  }),
  operatorRoute("get", "/domain/report", "The domain report", { response: domainReportSchema }),
  operatorRoute("post", "/emergency-domain-fix", "Switch maintenance mode for a domain", {
    body: { schema: domainFixBodySchema, example: { domain: "casino.example", enable: true } },
    response: domainFixAnswerSchema,
  }),
  operatorRoute("post", "/events/{id}/resolve", "Mark a security event resolved", {
    failures: ["operator/event_not_found"],
  }),
  operatorRoute("get", "/{persona}/stats", "One persona's counters", {
    response: personaStatsSchema,
    failures: ["operator/unknown_persona"],
  }),
  operatorRoute("get", "/{persona}/vault", "One persona's vault logs", {
    response: vaultLogsSchema,
    failures: ["operator/unknown_persona", "operator/vault_not_configured", "operator/vault_denied"],
  }),
];
