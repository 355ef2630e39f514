import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          // The test files of a worker share its loaded modules instead of each loading the
          // portal's modules anew (here 15 → 6 s, the integration suite 118 → 96 s). Files that
          // change the environment, globals or the database connection put them back afterwards.
          isolate: false,
          include: ["app/**/*.test.ts", "db/**/*.test.ts", "scripts/**/*.test.ts", "server/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          isolate: false,
          include: ["test/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["test/integration/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
