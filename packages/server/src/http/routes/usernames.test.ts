import { describe, expect, it } from "vitest";
import { countRows, createClient, randomDemoAddress, useCasino } from "../test-helpers.ts";

const casino = useCasino();

/** Connects a new demo wallet picking `username`. */
function connectAs(username: string) {
  return createClient(casino.url).post("/api/users", { walletAddress: randomDemoAddress(), username });
}

describe("POST /api/users: names nobody can borrow", () => {
  it("refuses another player's name exactly, in another case, or in look-alike letters, and creates nobody", async () => {
    const first = await connectAs("Nebula_Nova");
    expect(first.status).toBe(201);
    const users = await countRows(casino.handle.db, "users");
    for (const copy of [
      "Nebula_Nova",
      "nebula_nova",
      "NEBULA_NOVA",
      "Nebul\u0430_N\u043eva",
      "\uff2eebula_Nova",
    ]) {
      const answer = await connectAs(copy);
      expect(answer.status, copy).toBe(409);
      expect(answer.body).toMatchObject({
        code: "user/username_taken",
        message: "That username is taken (or reads like one that is): pick another",
      });
    }
    expect(await countRows(casino.handle.db, "users")).toBe(users);
  });

  it("refuses staff words in any case or look-alike form", async () => {
    for (const name of [
      "Operator",
      "operator",
      "Hidden",
      "0perator",
      "\u043eperator",
      "\uff2fperator",
      "House",
      "Adm1n",
    ]) {
      const answer = await connectAs(name);
      expect(answer.status, name).toBe(400);
      expect(answer.body.code, name).toBe("user/username_reserved");
    }
  });

  it("refuses a picked name in the generated pattern", async () => {
    const answer = await connectAs("cosmic_ABCD1234");
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: "user/username_generated",
      message: "Names starting with cosmic_ are given to new players: pick another",
    });
  });

  it("stores a fullwidth name in its plain form", async () => {
    const answer = await connectAs("\uff33tar_Gazer");
    expect(answer.status).toBe(201);
    expect(answer.body.username).toBe("Star_Gazer");
  });

  it("lets a player keep their name on reconnect", async () => {
    const client = createClient(casino.url);
    const address = randomDemoAddress();
    expect((await client.post("/api/users", { walletAddress: address, username: "Comet_Tail" })).status).toBe(
      201,
    );
    const again = await client.post("/api/users", { walletAddress: address, username: "Comet_Tail" });
    expect(again.status).toBe(200);
    expect(again.body.username).toBe("Comet_Tail");
  });
});
