import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: fileURLToPath(new URL("..", import.meta.url)),
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    exclude: ["test/bench/**", "node_modules/**"],
    // Real sockets, SQLite files and child processes: give slow or busy machines room. Inner waits
    // (waitFor's default 20 s) stay below these, so a slow run fails with the wait's own message.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for something to happen (a child process, a queued delivery), never for speed.
    expect: { poll: { timeout: 20_000, interval: 25 } },
    pool: "forks",
  },
});
