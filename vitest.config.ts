import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
          // One process runs the files in turn, sharing Chromium and a casino (e2e/fixtures.ts).
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
