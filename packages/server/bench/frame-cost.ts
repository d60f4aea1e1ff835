/**
 * What a poker action's network traffic alone costs the server's CPU on this machine, with no
 * game, no Colyseus and no `ws` above the socket: `pnpm bench:frames -- [--clients 600]
 * [--actions-per-second 3000] [--seconds 10] [--table-size 6]`.
 * A client process holds `--clients` TCP connections to this process in tables of `--table-size`;
 * it sends `--actions-per-second` small messages, one from a player at a time, and for each one
 * this process writes a small frame to every player of that table, as a WebSocket server does for
 * a state patch (a 2-byte header and a 60-byte body, corked and written as one `writev`). The
 * report is this process's user and kernel CPU per action and per frame written, from
 * `process.cpuUsage()`, over the measured window: the floor under `pnpm loadtest`'s CPU per
 * action that every poker action pays before any game code runs.
 */

import { fork } from "node:child_process";
import { createConnection, createServer, type Socket } from "node:net";
import { loadavg } from "node:os";
import { numberOption, readCommandLine, stringOptions } from "@casino/protocol/cli/command-line";

/** The command line. */
function readArgs() {
  const { values } = readCommandLine(
    stringOptions("clients", "actions-per-second", "seconds", "table-size", "role", "port"),
  );
  return {
    clients: numberOption(values.clients, "--clients", 600),
    actionsPerSecond: numberOption(values["actions-per-second"], "--actions-per-second", 3000),
    seconds: numberOption(values.seconds, "--seconds", 10),
    tableSize: numberOption(values["table-size"], "--table-size", 6),
    role: values.role ?? "server",
    port: numberOption(values.port, "--port", 0),
  };
}

const HEADER = Buffer.from([0x82, 60]);
const BODY = Buffer.alloc(60, 7);
const ACTION = Buffer.from([1]);

/** The client process: opens the connections, then sends actions at the asked rate until told to stop. */
async function runClients(args: ReturnType<typeof readArgs>) {
  const sockets: Socket[] = [];
  let received = 0;
  for (let i = 0; i < args.clients; i++) {
    const socket = createConnection({ host: "127.0.0.1", port: args.port });
    socket.setNoDelay(true);
    socket.on("data", (chunk) => {
      received += chunk.length;
    });
    await new Promise((resolve) => socket.once("connect", resolve));
    sockets.push(socket);
  }
  process.send?.({ kind: "connected" });
  const tickMs = 10;
  const perTick = (args.actionsPerSecond * tickMs) / 1000;
  let owed = 0;
  let next = 0;
  const timer = setInterval(() => {
    owed += perTick;
    for (; owed >= 1; owed--) {
      sockets[next]?.write(ACTION);
      next = (next + 1) % sockets.length;
    }
  }, tickMs);
  process.on("message", () => {
    clearInterval(timer);
    for (const socket of sockets) socket.destroy();
    process.send?.({ kind: "done", received });
    process.disconnect();
  });
}

/** The server: answers each action with one frame to every player of the sender's table. */
async function runServer(args: ReturnType<typeof readArgs>) {
  const sockets: Socket[] = [];
  let actions = 0;
  let frames = 0;
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    const index = sockets.push(socket) - 1;
    const first = index - (index % args.tableSize);
    socket.on("data", (chunk) => {
      for (let n = 0; n < chunk.length; n++) {
        actions++;
        for (let seat = first; seat < first + args.tableSize && seat < sockets.length; seat++) {
          const peer = sockets[seat] as Socket;
          peer.cork();
          peer.write(HEADER);
          peer.write(BODY);
          peer.uncork();
          frames++;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("frame-cost: no port");
  const child = fork(import.meta.filename, [
    "--role",
    "clients",
    "--port",
    String(address.port),
    "--clients",
    String(args.clients),
    "--actions-per-second",
    String(args.actionsPerSecond),
  ]);
  await new Promise((resolve, reject) => {
    child.once("message", resolve);
    child.once("exit", (code) => reject(new Error(`frame-cost: the client process exited (${code})`)));
  });
  // Let the connections settle, then measure.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const startActions = actions;
  const startFrames = frames;
  const startCpu = process.cpuUsage();
  const startLoad = loadavg()[0] as number;
  await new Promise((resolve) => setTimeout(resolve, args.seconds * 1000));
  const cpu = process.cpuUsage(startCpu);
  const measuredActions = actions - startActions;
  const measuredFrames = frames - startFrames;
  child.send({ kind: "stop" });
  await new Promise((resolve) => child.once("exit", resolve));
  for (const socket of sockets) socket.destroy();
  server.close();
  const us = (micros: number, per: number) => (per > 0 ? (micros / per).toFixed(1) : "-");
  const rows: [string, string][] = [
    ["clients / table size", `${args.clients} / ${args.tableSize}`],
    ["measured", `${args.seconds} s`],
    ["actions received", `${measuredActions} (${(measuredActions / args.seconds).toFixed(0)}/s)`],
    [
      "frames written",
      `${measuredFrames} (${(measuredFrames / Math.max(1, measuredActions)).toFixed(2)} per action)`,
    ],
    ["server CPU", `${((cpu.user + cpu.system) / 10_000 / args.seconds).toFixed(0)}% of a core`],
    [
      "server CPU per action",
      `${us(cpu.user + cpu.system, measuredActions)} µs (user ${us(cpu.user, measuredActions)} + kernel ${us(cpu.system, measuredActions)})`,
    ],
    ["server CPU per frame written", `${us(cpu.user + cpu.system, measuredFrames)} µs`],
    [
      "machine load (1 min) at start / end",
      `${startLoad.toFixed(2)} / ${(loadavg()[0] as number).toFixed(2)}`,
    ],
  ];
  console.log("\nframe cost: the network traffic of a poker action, alone");
  for (const [label, value] of rows) console.log(`  ${label.padEnd(36)} ${value}`);
}

const args = readArgs();
await (args.role === "clients" ? runClients(args) : runServer(args));
