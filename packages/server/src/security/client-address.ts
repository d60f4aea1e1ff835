/**
 * Where a request comes from, as the per-source limits see it: the socket's peer, or behind a
 * configured number of trusted proxies the address they forwarded (never a header a client could
 * set by itself), and the bucket an address counts against (an IPv6 /64, which one subscriber holds
 * whole, counts as one source).
 */
import { isIPv4, isIPv6 } from "node:net";

/**
 * The client's address behind `hops` trusted proxies, as express's numeric `trust proxy` resolves
 * it: walking X-Forwarded-For from the right, the socket's peer and `hops - 1` entries are proxies.
 * With 0 hops the header is ignored.
 */
export function forwardedClientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  hops: number,
): string | undefined {
  if (hops <= 0 || !socketAddress) return socketAddress;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = header
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  const addresses = [socketAddress, ...chain.reverse()];
  return addresses[Math.min(hops, addresses.length - 1)];
}

/** The eight 16-bit groups of an IPv6 address (zone dropped, embedded IPv4 converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split("%")[0] ?? "";
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const front = head === "" ? [] : head.split(":");
  const back = tail === undefined || tail === "" ? [] : tail.split(":");
  const middle = tail === undefined ? [] : Array(8 - front.length - back.length).fill("0");
  return [...front, ...middle, ...back].map((group) => Number.parseInt(group, 16));
}

/**
 * The source an address counts as: IPv4 as is (also when IPv4-mapped), an IPv6 address by its /64
 * prefix (rotating the lower 64 bits must not give new budgets), "unknown" when there is none.
 */
export function addressBucket(address: string | undefined): string {
  if (!address) return "unknown";
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.slice(0, 64);
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}
