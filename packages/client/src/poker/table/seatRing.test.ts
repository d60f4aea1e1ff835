import { describe, expect, it } from "vitest";
import { placeSeats } from "./seatRing.ts";

describe("placeSeats", () => {
  it("puts the viewer's seat at the bottom centre and the opposite seat at the top (6-max)", () => {
    const places = placeSeats(6, 4);
    expect(places).toHaveLength(6);
    expect(places[4]).toEqual({ seat: 4, left: 50, top: 91 });
    expect(places[1]).toEqual({ seat: 1, left: 50, top: 9 });
  });

  it("runs the seats clockwise on screen: after the bottom comes the left side", () => {
    const places = placeSeats(6, 0);
    expect(places[1]!.left).toBeLessThan(50);
    expect(places[1]!.top).toBeGreaterThan(50);
    expect(places[5]!.left).toBeGreaterThan(50);
  });

  it("gives nine distinct places for a 9-max table, all inside the felt", () => {
    const places = placeSeats(9, null);
    const keys = new Set(places.map((p) => `${p.left}:${p.top}`));
    expect(keys.size).toBe(9);
    for (const p of places) {
      expect(p.left).toBeGreaterThanOrEqual(0);
      expect(p.left).toBeLessThanOrEqual(100);
      expect(p.top).toBeGreaterThanOrEqual(0);
      expect(p.top).toBeLessThanOrEqual(100);
    }
    expect(places[0]).toEqual({ seat: 0, left: 50, top: 91 });
  });

  it("falls back to seat 0 at the bottom for a spectator or an out-of-range anchor", () => {
    expect(placeSeats(6, 7)).toEqual(placeSeats(6, null));
  });
});
