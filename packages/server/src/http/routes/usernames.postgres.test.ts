import { describe, expect, it } from "vitest";
import { postgresUrlForTests } from "../../db/test-databases.ts";
import { countRows, createClient, randomDemoAddress, usePostgresCasino } from "../test-helpers.ts";

describe.runIf(postgresUrlForTests())("usernames on PostgreSQL", () => {
  const casino = usePostgresCasino("names");

  it("gives one name to one of many concurrent look-alike picks, and 409 to the rest", async () => {
    const names = ["Vega_Star", "vega_star", "VEGA_STAR", "V\u0435ga_Star", "\uff36ega_Star", "Vega_Star"];
    const users = await countRows(casino.handle.db, "users");
    const answers = await Promise.all(
      names.map((username) =>
        createClient(casino.url).post("/api/users", { walletAddress: randomDemoAddress(), username }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body.code).toBe("user/username_taken");
    }
    expect(await countRows(casino.handle.db, "users")).toBe(users + 1);
  });
});
