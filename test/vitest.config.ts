import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    exclude: ["test/bench/**", "node_modules/**"],
    // Real sockets, SQLite files and child processes: give slow CI machines room.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
