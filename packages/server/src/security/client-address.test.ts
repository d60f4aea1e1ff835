import { describe, expect, it } from "vitest";
import { addressBucket, forwardedClientAddress } from "./client-address.ts";

describe("forwardedClientAddress", () => {
  it("ignores X-Forwarded-For when no proxy is trusted", () => {
    expect(forwardedClientAddress("10.0.0.5", "203.0.113.9", 0)).toBe("10.0.0.5");
  });

  it("takes the entry each trusted hop appended, never the ones before it", () => {
    expect(forwardedClientAddress("10.0.0.5", "1.1.1.1, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedClientAddress("10.0.0.5", ["1.1.1.1", "203.0.113.9, 10.0.0.4"], 2)).toBe("203.0.113.9");
    expect(forwardedClientAddress("10.0.0.5", undefined, 1)).toBe("10.0.0.5");
    expect(forwardedClientAddress("10.0.0.5", "203.0.113.9", 3)).toBe("203.0.113.9");
    expect(forwardedClientAddress(undefined, "203.0.113.9", 1)).toBeUndefined();
  });
});

describe("addressBucket", () => {
  it("keeps IPv4 addresses, also IPv4-mapped ones", () => {
    expect(addressBucket("192.0.2.1")).toBe("192.0.2.1");
    expect(addressBucket("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(addressBucket("::ffff:c000:201")).toBe("192.0.2.1");
  });

  it("counts an IPv6 /64 as one source", () => {
    const a = addressBucket("2001:db8:1:2:aaaa:bbbb:cccc:dddd");
    expect(a).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:db8:1:2::1")).toBe(a);
    expect(addressBucket("2001:0db8:0001:0002:0:0:0:ffff%eth0")).toBe(a);
    expect(addressBucket("2001:db8:1:3::1")).not.toBe(a);
    expect(addressBucket("::1")).toBe("0:0:0:0::/64");
  });

  it("names a missing address", () => {
    expect(addressBucket(undefined)).toBe("unknown");
  });
});
