/**
 * Load script: each client connects a demo identity over REST, joins its dice room and rolls until
 * stopped, paced at ROLLS_PER_SECOND (under the room's GAME_ROOM_MESSAGES_PER_SECOND budget, over
 * which the room refuses messages with room/rate_limited). Run it with @colyseus/loadtest's terminal UI:
 *   node packages/sdk/examples/loadtest.ts --endpoint http://127.0.0.1:2567 --numClients 50
 * or headless for a fixed time (prints a JSON report):
 *   node packages/sdk/examples/loadtest.ts --headless --endpoint http://127.0.0.1:2567 --numClients 50 --seconds 20
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { pacer, sleep } from "../src/pace.ts";
import { joinGameRoom } from "../src/rooms.ts";
import { type LoadOptions, runClients } from "../src/run-clients.ts";
import { connectDemo } from "../src/session.ts";

/** Rolls per second of each client: half the room's message budget. */
export const ROLLS_PER_SECOND = 10;

/** One client: a demo player rolling dice in its room until the run is over. */
export async function main(options: LoadOptions): Promise<void> {
  const baseUrl = options.endpoint.replace(/^ws/, "http");
  const session = await connectDemo(baseUrl);
  const player = await joinGameRoom(session, "dice");
  const pace = pacer(ROLLS_PER_SECOND, options.signal);
  try {
    while (!options.signal?.aborted) {
      await pace.next();
      if (options.signal?.aborted) break;
      try {
        await player.play("roll", { betAmount: 1, currency: "HC", betType: "high" });
        if (options.tally) options.tally.rounds += 1;
      } catch (error) {
        options.tally?.errors.push(String(error));
        await sleep(1000, options.signal);
      }
    }
  } finally {
    void player.leave().catch(() => undefined);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    strict: false,
    options: {
      headless: { type: "boolean" },
      endpoint: { type: "string" },
      numClients: { type: "string" },
      seconds: { type: "string" },
    },
  });
  if (values.headless) {
    const report = await runClients(main, {
      endpoint: String(values.endpoint ?? "http://127.0.0.1:2567"),
      clients: Number(values.numClients ?? 50),
      seconds: Number(values.seconds ?? 20),
    });
    console.log(JSON.stringify(report, null, 2));
    process.exit(report.errors === 0 ? 0 : 1);
  } else {
    const { cli } = await import("@colyseus/loadtest");
    cli((options) => main({ endpoint: options.endpoint, clientId: options.clientId }));
  }
}
