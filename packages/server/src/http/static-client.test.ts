import { request } from "node:http";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseEncoding, IMMUTABLE_CACHE } from "./static-client.ts";
import { useBuiltClientCasino } from "./test-helpers.ts";

/** One raw answer: headers as sent and the body bytes as they came over the wire (not decoded). */
interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GETs a path with the given Accept-Encoding and keeps the body encoded, as a browser receives it. */
function getRaw(baseUrl: string, path: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    const req = request(new URL(path, baseUrl), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

// Built like `vite build` leaves it: a content-hashed script with its .br and .gz copies beside it.
const SCRIPT = `export const stars = ${JSON.stringify("✦ ".repeat(2000))};\n`;
const HASHED = "/assets/index-B3le1gp8.js";
// The build's prerendered first screen of one page (the others have none here).
const PRERENDERED_PLINKO =
  '<html><head><title>x</title></head><body><div id="root" data-prerendered="page">plinko</div></body></html>';

describe("serving the built client", () => {
  const casino = useBuiltClientCasino({
    [HASHED]: SCRIPT,
    [`${HASHED}.br`]: brotliCompressSync(SCRIPT),
    [`${HASHED}.gz`]: gzipSync(SCRIPT),
    "assets/tiny-Ab12Cd34.js": "export{}",
    "strict-csp.js": "void 0;",
    "prerendered/game-plinko.html": PRERENDERED_PLINKO,
  });

  it("sends a hashed script brotli-encoded to a browser that takes br, cached for a year", async () => {
    const answer = await getRaw(casino.url, HASHED, "gzip, deflate, br, zstd");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
    expect(answer.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(answer.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 4);
    expect(brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
  });

  it("sends the gzip copy to a browser without brotli and the plain file to one taking neither", async () => {
    const gzip = await getRaw(casino.url, HASHED, "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
    const plain = await getRaw(casino.url, HASHED, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it("falls back to the plain file where the build left no compressed copy", async () => {
    const answer = await getRaw(casino.url, "/assets/tiny-Ab12Cd34.js", "br");
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(answer.body.toString()).toBe("export{}");
  });

  it("makes the browser revalidate the app page and unhashed files", async () => {
    for (const path of ["/", "/game/dice"]) {
      const page = await getRaw(casino.url, path, "br");
      expect(page.headers["cache-control"]).toBe("no-cache");
      expect(page.headers["content-encoding"]).toBe("br");
      expect(brotliDecompressSync(page.body).toString()).toContain("the real app");
    }
    const plainPage = await getRaw(casino.url, "/", undefined);
    expect(plainPage.headers["content-encoding"]).toBeUndefined();
    expect(plainPage.body.toString()).toContain("the real app");
    const unhashed = await getRaw(casino.url, "/strict-csp.js", "br");
    expect(unhashed.headers["cache-control"]).toBe("no-cache");
  });

  it("answers a page's path with its prerendered first screen, nonced and titled, else with the app page", async () => {
    const plinko = await getRaw(casino.url, "/game/plinko", "identity");
    const html = plinko.body.toString();
    expect(plinko.status).toBe(200);
    expect(html).toContain('<div id="root" data-prerendered="page">plinko</div>');
    expect(html).toContain("<title>Quantum Plinko · AMINA Casino</title>");
    const nonce = /<meta name="[^"]+" content="([^"]+)" \/>/.exec(html)?.[1];
    expect(nonce).toBeTruthy();
    expect(plinko.headers["content-security-policy"]).toContain(`'nonce-${nonce}'`);
    for (const path of ["/game/dice", "/casino", "/no-such-page"])
      expect((await getRaw(casino.url, path, "identity")).body.toString()).toContain("the real app");
    expect((await getRaw(casino.url, "/no-such-page", "identity")).status).toBe(404);
  });

  it("answers a missing asset or a path out of the folder with a 404 in every encoding", async () => {
    for (const path of ["/assets/missing.js", "/assets/..%2f..%2fetc%2fpasswd.js", "/../index.html.br"])
      expect((await getRaw(casino.url, path, "br")).status).toBe(404);
  });
});

describe("chooseEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["gzip", "gzip"],
    ["br;q=0.5, gzip", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["*", "br"],
    ["identity", undefined],
    [undefined, undefined],
    ["", undefined],
  ])("picks %s -> %s", (header, expected) => {
    expect(chooseEncoding(header)?.encoding).toBe(expected);
  });
});
