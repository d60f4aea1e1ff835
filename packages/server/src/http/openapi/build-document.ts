/**
 * Builds the OpenAPI 3.1 document from the route table: every schema is the route's own zod schema
 * turned into JSON Schema 2020-12 by zod 4 (`z.toJSONSchema`: the input side for what a client
 * sends, the output side for what the server answers), failures grouped by HTTP status with their
 * namespaced codes.
 */
import { isFailureCode, PROTOCOL_VERSION, statusOf } from "@casino/protocol";
import { z } from "zod";
import { API_ROUTES, type ApiRoute, type RouteAccess } from "./route-table.ts";

/** A JSON object of the document. */
type Json = Record<string, unknown>;

/** Failures every route may answer, and those of every route with a body. */
const EVERY_ROUTE = ["http/rate_limited"] as const;
/** Failures of every state-changing route, with or without a body. */
const STATE_CHANGING = ["http/foreign_origin"] as const;
const WITH_BODY = [
  "input/invalid",
  "http/malformed_json",
  "http/body_too_large",
  "http/unsupported_body",
] as const;

/** The JSON Schema of a zod schema, as one side of the wire sees it. */
export function jsonSchemaOf(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
    cycles: "throw",
  }) as Json;
  return json;
}

/** The security requirement of an access level (public routes name none). */
function securityOf(access: RouteAccess): Json[] {
  if (access === "session") return [{ sessionBearer: [] }, { sessionCookie: [] }];
  if (access === "operator") return [{ operatorBearer: [] }];
  return [];
}

/** A verb-first operation id: "post /api/poker/tables/{id}/join" is "postPokerTablesIdJoin". */
function operationIdOf(route: ApiRoute): string {
  const words = route.path
    .replace(/^\/api\//, "/")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return route.method + words.map((w) => w[0]?.toUpperCase() + w.slice(1)).join("");
}

/** Path parameters from the braces, and query parameters from the query schema's properties. */
function parametersOf(route: ApiRoute): Json[] {
  const inPath = [...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  if (!route.query) return inPath;
  const query = jsonSchemaOf(route.query, "input") as {
    properties?: Record<string, Json>;
    required?: string[];
  };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: "query",
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery];
}

/** The success answer and the failures grouped by status. */
function responsesOf(route: ApiRoute): Json {
  const ok: Json = { description: route.summary };
  if (route.response === "text/plain" || route.response === "text/html")
    ok.content = { [route.response]: { schema: { type: "string" } } };
  else
    ok.content = {
      "application/json": {
        schema: route.response ? jsonSchemaOf(route.response, "output") : { type: "object" },
      },
    };
  const codes = [
    ...route.failures,
    ...EVERY_ROUTE,
    ...(route.method === "get" ? [] : STATE_CHANGING),
    ...(route.body ? WITH_BODY : []),
  ];
  const byStatus = new Map<number, string[]>();
  for (const failure of codes) {
    const code = typeof failure === "string" ? failure : failure.code;
    // Responsible-gaming refusals are all 403.
    const status = typeof failure !== "string" ? failure.status : isFailureCode(code) ? statusOf(code) : 403;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Json = { "200": ok };
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.join(", "),
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Failure" },
          examples: Object.fromEntries(list.map((code) => [code.replace(/\W/g, "_"), { value: { code } }])),
        },
      },
    };
  }
  return responses;
}

/** One operation of the document. */
function operationOf(route: ApiRoute): Json {
  const operation: Json = {
    operationId: operationIdOf(route),
    tags: [route.tag],
    summary: route.summary,
    security: securityOf(route.access),
    responses: responsesOf(route),
  };
  const parameters = parametersOf(route);
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.body)
    operation.requestBody = {
      required: true,
      content: {
        "application/json": { schema: jsonSchemaOf(route.body.schema, "input"), example: route.body.example },
      },
    };
  return operation;
}

/** The whole OpenAPI 3.1 document of `routes`. */
export function buildOpenApiDocument(routes: readonly ApiRoute[] = API_ROUTES): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes)
    paths[route.path] = { ...paths[route.path], [route.method]: operationOf(route) };
  return {
    openapi: "3.1.0",
    info: {
      title: "Space Casino API",
      version: String(PROTOCOL_VERSION),
      description:
        "The casino's HTTP API, generated from the zod schemas the routes validate with. Amounts are in coins (JSON numbers or decimal strings); poker bets are in chips. Failures answer `{code, message}` with a namespaced code. Live play also runs over Colyseus rooms (docs/API.md).",
    },
    servers: [{ url: "/" }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        sessionBearer: {
          type: "http",
          scheme: "bearer",
          description: "The session token (the casino_session cookie's value)",
        },
        sessionCookie: { type: "apiKey", in: "cookie", name: "casino_session" },
        operatorBearer: {
          type: "http",
          scheme: "bearer",
          description: "The token of POST /api/security/login",
        },
      },
      schemas: {
        Failure: {
          type: "object",
          required: ["code", "message"],
          properties: { code: { type: "string" }, message: { type: "string" } },
        },
      },
    },
  };
}
