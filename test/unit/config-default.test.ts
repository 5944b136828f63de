// No config file: ./hookgate.yaml (or .yml, .json) when present, else the built-in default, whose token
// comes from HOOKGATE_TOKEN, .hookgate/token, or (serve) a freshly generated 0600 file.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { configErrors, TOKEN, tempDir, writeFiles } from "./config-helpers.js";

describe("built-in default", () => {
  it("uses HOOKGATE_TOKEN and the documented defaults", async () => {
    const dir = tempDir();
    const { config, warnings, generatedToken } = await loadConfig({
      cwd: dir,
      env: { HOOKGATE_TOKEN: TOKEN },
    });
    expect(generatedToken).toBeUndefined();
    expect(warnings).toEqual([]);
    expect(config).toMatchObject({
      file: null,
      dir,
      server: { host: "127.0.0.1", port: 18789 },
      hooks: { enabled: true, token: TOKEN, path: "/hooks", presets: ["mail"], mappings: [] },
      agents: { defaultAgentId: "main", list: [{ id: "main", runner: { kind: "echo" } }] },
      heartbeat: { everyMs: 30 * 60_000 },
      store: { kind: "sqlite", path: join(dir, ".hookgate", "state.db") },
    });
  });

  it("reads .hookgate/token beside the SQLite state", async () => {
    const dir = tempDir();
    writeFiles(dir, { ".hookgate/token": `${TOKEN}\n` });
    const { config, generatedToken } = await loadConfig({ cwd: dir, env: {}, generateToken: true });
    expect(config.hooks.token).toBe(TOKEN);
    expect(generatedToken).toBeUndefined();
  });

  it("generates a token into a 0600 file once, then reuses it", async () => {
    const dir = tempDir();
    const first = await loadConfig({ cwd: dir, env: {}, generateToken: true });
    expect(first.generatedToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.config.hooks.token).toBe(first.generatedToken);
    const file = join(dir, ".hookgate", "token");
    expect(readFileSync(file, "utf8").trim()).toBe(first.generatedToken);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const second = await loadConfig({ cwd: dir, env: {}, generateToken: true });
    expect(second.generatedToken).toBeUndefined();
    expect(second.config.hooks.token).toBe(first.generatedToken);
  });

  it("does not generate a token unless asked, and says how to get one", async () => {
    const dir = tempDir();
    const issues = await configErrors(loadConfig({ cwd: dir, env: {} }));
    expect(issues).toEqual([
      {
        severity: "error",
        path: "hooks.token",
        message:
          "no config file (hookgate.yaml, hookgate.yml, hookgate.json) and no token: set HOOKGATE_TOKEN, write one to .hookgate/token, or run hookgate serve once to generate it",
      },
    ]);
  });

  it("prefers ./hookgate.yaml over the default, then hookgate.yml, then hookgate.json", async () => {
    const dir = tempDir();
    writeFiles(dir, { "hookgate.json": JSON.stringify({ server: { port: 3 } }) });
    expect((await loadConfig({ cwd: dir, env: {} })).config).toMatchObject({
      file: join(dir, "hookgate.json"),
      server: { port: 3 },
    });
    writeFiles(dir, { "hookgate.yml": "server: { port: 2 }\n" });
    expect((await loadConfig({ cwd: dir, env: {} })).config.server.port).toBe(2);
    writeFiles(dir, { "hookgate.yaml": "server: { port: 1 }\n" });
    const loaded = await loadConfig({ cwd: dir, env: {} });
    expect(loaded.config).toMatchObject({ file: join(dir, "hookgate.yaml"), dir, server: { port: 1 } });
    expect(loaded.source).toBe("hookgate.yaml");
  });

  it("resolves relative paths against the config file's folder, not the cwd", async () => {
    const cwd = tempDir();
    writeFiles(cwd, { "conf/hookgate.yaml": "store: { path: data/state.db }\n" });
    const { config } = await loadConfig({ file: "conf/hookgate.yaml", cwd, env: {} });
    expect(config.store).toEqual({ kind: "sqlite", path: join(cwd, "conf", "data", "state.db") });
    expect(config.hooks.transformsDir).toBe(join(cwd, "conf", "hooks", "transforms"));
  });

  it("trims HOOKGATE_TOKEN and the token file, as presented tokens are trimmed", async () => {
    const fromEnv = await loadConfig({ cwd: tempDir(), env: { HOOKGATE_TOKEN: ` ${TOKEN}\r` } });
    expect(fromEnv.config.hooks.token).toBe(TOKEN);

    const dir = tempDir();
    writeFiles(dir, { ".hookgate/token": `  ${TOKEN}\r\n` });
    expect((await loadConfig({ cwd: dir, env: { HOOKGATE_TOKEN: " \r\n" } })).config.hooks.token).toBe(TOKEN);
  });

  it("treats a HOOKGATE_TOKEN of only whitespace as no token", async () => {
    const issues = await configErrors(loadConfig({ cwd: tempDir(), env: { HOOKGATE_TOKEN: "  \r" } }));
    expect(issues.map((i) => i.path)).toEqual(["hooks.token"]);
  });
});

describe("loading for a command that serves nothing (requireToken: false)", () => {
  it("loads the built-in default without any token and creates none", async () => {
    const dir = tempDir();
    const { config, generatedToken } = await loadConfig({ cwd: dir, env: {}, requireToken: false });
    expect(generatedToken).toBeUndefined();
    expect(config.hooks.token).toBe("");
    expect(config.store).toEqual({ kind: "sqlite", path: join(dir, ".hookgate", "state.db") });
    expect(existsSync(join(dir, ".hookgate"))).toBe(false);
  });

  it("still uses a token that is there", async () => {
    const { config } = await loadConfig({
      cwd: tempDir(),
      env: { HOOKGATE_TOKEN: TOKEN },
      requireToken: false,
    });
    expect(config.hooks.token).toBe(TOKEN);
  });

  it("accepts hooks.token naming a variable only the server's environment sets", async () => {
    const dir = tempDir();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
    writeFiles(dir, { "hookgate.yaml": "hooks:\n  enabled: true\n  token: ${HOOKGATE_TOKEN}\n" });
    const served = await configErrors(loadConfig({ cwd: dir, env: {} }));
    expect(served.map((i) => i.path)).toEqual(["hooks.token"]);

    const { config } = await loadConfig({ cwd: dir, env: {}, requireToken: false });
    expect(config.hooks).toMatchObject({ enabled: true, token: "" });
  });

  it("still reports every other error, including other unset variables", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
      "hookgate.yaml": "hooks:\n  enabled: true\n  token: ${HOOKGATE_TOKEN}\n  path: ${HOOK_PATH}\n",
    });
    const issues = await configErrors(loadConfig({ cwd: dir, env: {}, requireToken: false }));
    expect(issues.map((i) => i.path)).toEqual(["hooks.path"]);
  });
});
