import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCasino } from "../src/app.ts";
import { connectDemoClient } from "../src/http/test-helpers.ts";
import { autoPlay, checkOrCall, joinTableRoom } from "../src/rooms/poker/test-clients.ts";

const dataDir = mkdtempSync(join(tmpdir(), "heap-probe-"));
const casino = await startCasino({
  port: 0,
  dataDir,
  clientDist: join(dataDir, "x"),
  logLevel: "warn",
  poker: { bots: false, autoStartDelayMs: 150, runoutDelayMs: 1 },
});
const rooms = [];
for (let t = 0; t < 4; t++) {
  let tableId = "";
  for (let i = 0; i < 6; i++) {
    const { client, user } = await connectDemoClient(casino.url);
    const joined = await client.post("/api/poker/tables/house-alpha/join", {});
    tableId = joined.body.tableId;
    const room = await joinTableRoom(casino.url, client.token!, tableId);
    autoPlay(room, user.id, checkOrCall);
    room.onMessage("result", () => undefined);
    (room as any).__changes = 0;
    room.onStateChange(() => {
      (room as any).__changes++;
    });
    room.onMessage("error", (e) => console.log("ERROR", JSON.stringify(e)));
    rooms.push(room);
  }
}
const gc = (globalThis as { gc?: () => void }).gc!;
for (let i = 0; i < 8; i++) {
  await new Promise((r) => setTimeout(r, 4000));
  gc();
  gc();
  const res = await fetch(`${casino.url}/api/poker/tables`);
  const hands = (await res.json()).reduce((s: number, t: { handNumber: number }) => s + t.handNumber, 0);
  console.log(`hands ${hands} heapUsed ${(process.memoryUsage().heapUsed / 1048576).toFixed(1)} MB`);
}
process.exit(0);
