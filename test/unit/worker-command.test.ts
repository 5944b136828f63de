// `hookgate worker` and `serve --no-worker` need a store other processes can share: with SQLite they
// refuse to start, saying why and what to do.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { command as serve } from "../../src/commands/serve.js";
import { command as worker } from "../../src/commands/worker.js";
import { runCommand } from "./command-helpers.js";
import { TOKEN, tempDir } from "./config-helpers.js";

function sqliteConfig(): string {
  const file = join(tempDir(), "hookgate.yaml");
  writeFileSync(file, `hooks: { enabled: true, token: ${TOKEN} }\nstore: { path: state.db }\n`);
  return file;
}

describe("work apart from the servers needs a shared store", () => {
  it("hookgate worker refuses a SQLite store, naming the file and the fix", async () => {
    const config = sqliteConfig();
    const { code, stdout, stderr } = await runCommand(worker, ["--config", config]);
    expect(code).toBe(1);
    expect(stdout).toBe("");
    expect(stderr).toContain(`the store is SQLite (${join(config, "..", "state.db")})`);
    expect(stderr).toMatch(/`hookgate serve` already runs its work.*store\.kind: postgres/);
  });

  it("serve --no-worker refuses a SQLite store: nothing would ever run what it accepts", async () => {
    const { code, stderr } = await runCommand(serve, ["--config", sqliteConfig(), "--no-worker"]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/--no-worker needs .*store\.kind: postgres.*nothing accepted would ever run/);
  });

  it("hookgate worker --help says what it runs and what it needs", async () => {
    const { code, stdout } = await runCommand(worker, ["--help"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Usage: hookgate worker/);
    expect(stdout).toContain("serve --no-worker");
    expect(stdout).toContain("store.kind: postgres");
  });
});
