import { failure } from "@casino/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import { countRows, createClient, randomDemoAddress, useCasino } from "../test-helpers.ts";

const casino = useCasino();

/** Connects a new demo wallet picking `username`. */
function connectAs(username: string) {
  return createClient(casino.url).post("/api/users", { walletAddress: randomDemoAddress(), username });
}

describe("POST /api/users: names nobody can borrow", () => {
  beforeAll(async () => {
    expect((await connectAs("Nebula_Nova")).status).toBe(201);
  });

  it.each([
    {
      names: "another player's name exactly, in another case, or in look-alike letters",
      code: "user/username_taken",
      tried: ["Nebula_Nova", "nebula_nova", "NEBULA_NOVA", "Nebul\u0430_N\u043eva", "\uff2eebula_Nova"],
    },
    {
      names: "staff words in any case or look-alike form",
      code: "user/username_reserved",
      tried: [
        "Operator",
        "operator",
        "Hidden",
        "0perator",
        "\u043eperator",
        "\uff2fperator",
        "House",
        "Adm1n",
      ],
    },
    {
      names: "a picked name in the generated pattern",
      code: "user/username_generated",
      tried: ["cosmic_ABCD1234"],
    },
  ] as const)("refuses $names, and creates nobody", async ({ code, tried }) => {
    const users = await countRows(casino.handle.db, "users");
    const { status, message } = failure(code);
    for (const name of tried) {
      const answer = await connectAs(name);
      expect(answer.status, name).toBe(status);
      expect(answer.body, name).toMatchObject({ code, message });
    }
    expect(await countRows(casino.handle.db, "users")).toBe(users);
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
