/** The register-while-excluded matrix on SQLite (gate.test-helpers.ts). */
import { describe } from "vitest";
import { useCasino } from "../../http/test-helpers.ts";
import { startPokerCasino } from "../test-helpers.ts";
import { itRefusesBarredRegistrations } from "./gate.test-helpers.ts";

describe("Sit & Go registration behind the responsible-gaming gate (SQLite)", () => {
  const casino = useCasino(async () => {
    const started = await startPokerCasino();
    await started.services.tournaments.configure({ botFillMs: 3_600_000 });
    return started;
  });
  itRefusesBarredRegistrations(casino);
});
