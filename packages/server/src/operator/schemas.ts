/** Bodies and query parameters of the operator API, validated before any work. */
import { z } from "zod";
import { MAX_TIMELINE_MINUTES } from "./activity-figures.ts";
import { MAX_PASSWORD_LENGTH } from "./passwords.ts";

/** POST /api/security/login. */
export const operatorLoginBodySchema = z.strictObject({
  password: z.string().min(1, "password is required").max(MAX_PASSWORD_LENGTH),
});

/** POST /api/security/emergency-domain-fix: the domain it concerns; `enable` sets the switch, absent toggles it. */
export const domainFixBodySchema = z.strictObject({
  domain: z
    .string()
    .trim()
    .min(1, "domain is required")
    .max(253)
    .regex(/^[A-Za-z0-9.:-]+$/, "domain must be a host name"),
  enable: z.boolean().optional(),
});

/** GET /api/security/timeline?minutes=N (default 60, at most a day). */
export const timelineQuerySchema = z.object({
  minutes: z.coerce.number().int().min(1).max(MAX_TIMELINE_MINUTES).default(60),
});

/** The id of POST /api/security/events/{id}/resolve. */
export const eventIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
