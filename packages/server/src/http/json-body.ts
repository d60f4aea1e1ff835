/**
 * The JSON body parser of the pipeline: at most BODY_LIMIT bytes (larger is a 413 before the rest
 * is read), UTF-8 only, gzip/deflate/br bodies inflated within the same limit, and only an object
 * or an array is a JSON body (a bare string or number is malformed). An empty body is `{}`.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** Largest accepted JSON body in bytes; larger ones get 413. */
export const BODY_LIMIT = 16 * 1024;

/** Why a body could not be read: answered by errors.ts. */
export class BodyError extends Error {
  readonly code: "malformed_json" | "unreadable" | "too_large";
  constructor(code: BodyError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

const INFLATE: Record<string, (buffer: Buffer, options: { maxOutputLength: number }) => Buffer> = {
  gzip: gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** The body's bytes after its Content-Encoding, or a BodyError. */
function decode(request: FastifyRequest, raw: Buffer): Buffer {
  const encoding = String(request.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding === "identity") return raw;
  const inflate = INFLATE[encoding];
  if (!inflate) throw new BodyError("unreadable", `unsupported content encoding ${encoding}`);
  try {
    return inflate(raw, { maxOutputLength: BODY_LIMIT });
  } catch (error) {
    if ((error as { code?: unknown }).code === "ERR_BUFFER_TOO_LARGE")
      throw new BodyError("too_large", "request entity too large");
    throw new BodyError("unreadable", "unreadable body");
  }
}

/** Parses one body's bytes (see the module's doc). */
export function parseJsonBody(request: FastifyRequest, raw: Buffer): unknown {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers["content-type"] ?? "")?.[1];
  if (charset !== undefined && charset.toLowerCase() !== "utf-8")
    throw new BodyError("unreadable", `unsupported charset ${charset}`);
  const text = decode(request, raw).toString("utf8");
  if (text.length === 0) return {};
  const first = text.trimStart()[0];
  if (first !== "{" && first !== "[") throw new BodyError("malformed_json", "not a JSON object or array");
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyError("malformed_json", "malformed JSON");
  }
}

/** Replaces Fastify's JSON parser with the casino's. */
export function useJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: BODY_LIMIT },
    (request, raw, done) => {
      try {
        done(null, parseJsonBody(request, raw as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
