/** The register-while-excluded matrix on PostgreSQL (gate.test-helpers.ts). */
import { describe } from "vitest";
import { postgresUrlForTests } from "../../db/test-databases.ts";
import { startTestCasino, usePostgresCasino } from "../../http/test-helpers.ts";
import { fastPokerOptions } from "../test-helpers.ts";
import { itRefusesBarredRegistrations } from "./gate.test-helpers.ts";

describe.runIf(postgresUrlForTests())(
  "Sit & Go registration behind the responsible-gaming gate (PostgreSQL)",
  () => {
    const casino = usePostgresCasino("sng_gate", async (database) => {
      const started = await startTestCasino({ ...database, poker: fastPokerOptions() });
      await started.services.tournaments.configure({ botFillMs: 3_600_000 });
      return started;
    });
    itRefusesBarredRegistrations(casino);
  },
);
