import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two files at a time, in one group for every project: most tests wait on sockets, timers, child
    // processes and browsers, so a browser file and a server file share two cores well.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "protocol",
          root: "packages/protocol",
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: "server",
          root: "packages/server",
          include: ["src/**/*.test.ts", "bench/**/*.test.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "sdk",
          root: "packages/sdk",
          include: ["src/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "client",
          root: "packages/client",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: "browser",
          root: "packages/client",
          include: ["e2e/**/*.e2e.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Each worker process runs its browser files in turn, sharing one Chromium and one casino
          // between them (e2e/fixtures.ts).
          isolate: false,
        },
      },
    ],
  },
});
