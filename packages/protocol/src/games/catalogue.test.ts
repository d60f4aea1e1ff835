import { describe, expect, it } from "vitest";
import { blackjackExactRtp } from "./blackjack/strategy.ts";
import { formatEdge, formatEdgeRange, formatMultiplier, GAME_CATALOGUE } from "./catalogue.ts";
import { GAME_TYPES, isSinglePlayerGame, SINGLE_PLAYER_GAMES } from "./game-types.ts";

describe("game catalogue", () => {
  it("lists the seven games in order with SPEC.md's titles and links", () => {
    expect(GAME_CATALOGUE.map((game) => [game.id, game.title, game.path])).toEqual([
      ["slots", "Cosmic Chaos", "/game/slots"],
      ["plinko", "Quantum Plinko", "/game/plinko"],
      ["blackjack", "Galaxy Blackjack", "/game/blackjack"],
      ["hilo", "Cosmic Hi-Lo", "/game/hilo"],
      ["dice", "Nebula Dice", "/game/dice"],
      ["poker", "Stellar Hold'em", "/poker"],
      ["crash", "Supernova", "/crash"],
    ]);
    expect(GAME_CATALOGUE.map((game) => game.id)).toEqual([...GAME_TYPES]);
    expect(
      GAME_CATALOGUE.filter((game) => game.multiplayer).map((game) => [game.id, game.maxPlayers]),
    ).toEqual([
      ["poker", 9],
      ["crash", 5000],
    ]);
  });

  it("derives max wins and house edges from the rule constants", () => {
    const byId = Object.fromEntries(GAME_CATALOGUE.map((game) => [game.id, game]));
    expect(byId.slots).toMatchObject({ maxWin: "1000x", houseEdge: "4%" });
    expect(byId.plinko).toMatchObject({ maxWin: "60x", houseEdge: "2.8-3.2%" });
    expect(byId.blackjack).toMatchObject({ maxWin: "2.5x", houseEdge: formatEdge(1 - blackjackExactRtp()) });
    expect(byId.hilo).toMatchObject({ maxWin: "unlimited", houseEdge: "2.5%" });
    expect(byId.dice).toMatchObject({ maxWin: "5.83x", houseEdge: "2.8%" });
    expect(byId.poker).toMatchObject({ maxWin: "unlimited", houseEdge: "5% rake" });
    expect(byId.crash).toMatchObject({ maxWin: "10000 HC per round", houseEdge: "1%" });
    for (const id of SINGLE_PLAYER_GAMES) expect(byId[id]?.betRange).toBe("0.001 - 1 AMINA / 1 - 100 HC");
  });

  it("formats multipliers rounded down and edges to two significant digits", () => {
    expect(formatMultiplier(5.832)).toBe("5.83x");
    expect(formatMultiplier(2.3328)).toBe("2.33x");
    expect(formatMultiplier(1000)).toBe("1000x");
    expect(formatEdge(0.028)).toBe("2.8%");
    expect(formatEdge(0.0057)).toBe("0.57%");
    expect(formatEdgeRange([0.0316, 0.0291, 0.0282])).toBe("2.8-3.2%");
    expect(formatEdgeRange([0.025, 0.025])).toBe("2.5%");
  });

  it("knows which route segments are single-player games", () => {
    expect(isSinglePlayerGame("hilo")).toBe(true);
    expect(isSinglePlayerGame("poker")).toBe(false);
    expect(isSinglePlayerGame("unknown")).toBe(false);
  });
});
