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
          include: ["src/**/*.test.ts"],
          testTimeout: 60_000,
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
          fileParallelism: false,
        },
      },
    ],
  },
});
