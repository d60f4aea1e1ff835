import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, describeApiFailure, fetchApi, requestApi } from "./http.ts";

/** Replaces fetch with one answer and records what was asked. */
function answerWith(response: Response | Error) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (response instanceof Error) throw response;
    return response;
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("requestApi", () => {
  it("sends cookies, a JSON body and the idempotency key, and parses the answer", async () => {
    const calls = answerWith(new Response(JSON.stringify({ ok: true, value: 3 }), { status: 200 }));
    const result = await requestApi("POST", "/api/x", { body: { amount: "0.5" }, idempotencyKey: "key-1" });
    expect(result).toEqual({ ok: true, data: { ok: true, value: 3 } });
    const init = calls[0]!.init;
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"amount":"0.5"}');
    expect((init.headers as Record<string, string>)["Idempotency-Key"]).toBe("key-1");
    expect((init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("sends no body and no content type when there is none", async () => {
    const calls = answerWith(new Response(null, { status: 204 }));
    await expect(requestApi("DELETE", "/api/session")).resolves.toEqual({ ok: true, data: undefined });
    expect(calls[0]!.init.body).toBeUndefined();
    expect((calls[0]!.init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("reads the server's {code, message} error body", async () => {
    answerWith(
      new Response(JSON.stringify({ code: "cashier/insufficient", message: "Not enough AMINA" }), {
        status: 409,
      }),
    );
    const result = await requestApi("POST", "/api/crypto/withdraw", { body: {} });
    expect(result).toEqual({
      ok: false,
      error: { status: 409, code: "cashier/insufficient", message: "Not enough AMINA" },
    });
    if (!result.ok) expect(describeApiFailure(result.error)).toBe("Not enough AMINA");
  });

  it("falls back to the body text, then the status text", async () => {
    answerWith(new Response("upstream exploded", { status: 502 }));
    const text = await requestApi("GET", "/api/x");
    expect(text.ok || describeApiFailure(text.error)).toBe("upstream exploded");
    answerWith(new Response("", { status: 503, statusText: "Service Unavailable" }));
    const empty = await requestApi("GET", "/api/x");
    expect(empty.ok || describeApiFailure(empty.error)).toBe("Service Unavailable");
  });

  it("turns an unreachable server into a failure value", async () => {
    answerWith(new TypeError("Failed to fetch"));
    const result = await requestApi("GET", "/api/x");
    expect(result).toMatchObject({ ok: false, error: { status: 0, code: "http/unreachable" } });
  });
});

describe("fetchApi", () => {
  it("rejects with an ApiError carrying status and code, for react-query", async () => {
    answerWith(
      new Response(JSON.stringify({ code: "auth/no_session", message: "Sign in first" }), { status: 401 }),
    );
    const error = await fetchApi("/api/users/x").catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "auth/no_session", message: "Sign in first" });
  });
});
