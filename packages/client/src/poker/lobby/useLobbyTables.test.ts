import { describe, expect, it } from "vitest";
import { readLobbyState } from "./useLobbyTables.ts";

describe("readLobbyState", () => {
  it("lists the lobby room's tables in order with their buy-ins rounded to coins", () => {
    const tables = readLobbyState({
      tables: {
        "house-alpha": { id: "house-alpha", name: "House Table Alpha", buyInMin: 50, buyInMax: 50 },
        "nebula-amina-micro": {
          id: "nebula-amina-micro",
          name: "Nebula AMINA Micro",
          buyInMin: 0.03999999910593033,
          buyInMax: 0.20000000298023224,
        },
      },
    });
    expect(tables.map((t) => t.id)).toEqual(["house-alpha", "nebula-amina-micro"]);
    expect(tables[1]).toMatchObject({ buyInMin: 0.04, buyInMax: 0.2 });
  });

  it("reads an empty or missing state as no tables", () => {
    expect(readLobbyState(null)).toEqual([]);
    expect(readLobbyState({})).toEqual([]);
  });
});
