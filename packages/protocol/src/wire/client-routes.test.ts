import { describe, expect, it } from "vitest";
import { isClientRoute, titleOfPath } from "./client-routes.ts";

describe("client routes", () => {
  it("knows every page, a trailing slash included, and only the five single-player games", () => {
    for (const path of [
      "/",
      "/casino",
      "/cashier/",
      "/history",
      "/game/dice",
      "/game/plinko",
      "/poker",
      "/crash",
      "/warp",
    ]) {
      expect(isClientRoute(path), path).toBe(true);
    }
    for (const path of [
      "/nowhere",
      "/game/poker",
      "/game/crash",
      "/game/roulette",
      "/game",
      "/cashier/extra",
      "/game/%E0%A4%A",
    ]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });

  it("gives each page its own title", () => {
    expect(titleOfPath("/cashier")).toBe("Cashier · AMINA Casino");
    expect(titleOfPath("/game/plinko")).toBe("Quantum Plinko · AMINA Casino");
    expect(titleOfPath("/no/such/page")).toBe("Lost in Space (page not found) · AMINA Casino");
    const titles = [
      "/cashier",
      "/history",
      "/verify",
      "/profile",
      "/leaderboards",
      "/responsible-gaming",
    ].map(titleOfPath);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
