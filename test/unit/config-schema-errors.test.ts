// Schema problems are reported with the key path, file:line:column, what was expected and what was found.
import { describe, expect, it } from "vitest";
import { formatIssue } from "../../src/config/errors.js";
import { loadConfig } from "../../src/config/load.js";
import { configErrors, issueAt, loadErrors, loadYaml, TOKEN, tempDir, writeFiles } from "./config-helpers.js";

describe("config schema errors", () => {
  it("names a mistyped key, suggests the right one and points at it", async () => {
    const issues = await loadErrors(`hooks:\n  enabled: true\n  token: ${TOKEN}\n  mapings: []\n`);
    const issue = issueAt(issues, "hooks.mapings");
    expect(issue.message).toBe("unknown key; did you mean hooks.mappings?");
    expect(formatIssue(issue)).toBe(
      "hookgate.yaml:4:3: hooks.mapings: unknown key; did you mean hooks.mappings?",
    );
  });

  it("lists the known keys when an unknown key resembles none", async () => {
    const issues = await loadErrors("server:\n  colour: blue\n");
    expect(issueAt(issues, "server.colour").message).toBe(
      "unknown key; known keys here: host, port, trustProxy, logLevel, logEachRequest, logSummarySeconds, publicUrl, metrics, console",
    );
  });

  it("reports a wrong type with the expected type and the value found", async () => {
    const issues = await loadErrors("server:\n  port: eighty\nhooks:\n  enabled: yes\n");
    expect(issueAt(issues, "server.port")).toMatchObject({
      message: 'expected an integer, found "eighty"',
      line: 2,
      column: 9,
    });
    // YAML 1.2: `yes` is a string, not a boolean.
    expect(issueAt(issues, "hooks.enabled")).toMatchObject({
      message: 'expected a boolean, found "yes"',
      line: 4,
    });
  });

  it("suggests the closest allowed value of an enum", async () => {
    const issues = await loadErrors(`hooks:\n  mappings:\n    - action: wak\n      textTemplate: x\n`);
    expect(issueAt(issues, "hooks.mappings[0].action")).toMatchObject({
      message: 'expected one of "wake", "agent", "ignore" (did you mean "wake"?), found "wak"',
      line: 3,
      column: 15,
    });
  });

  it("reports a missing required key at the object that lacks it", async () => {
    const issues = await loadErrors(`agents:\n  list:\n    - name: x\n`);
    expect(issueAt(issues, "agents.list[0].id")).toMatchObject({
      message: "required key is missing; add it",
      line: 3,
      column: 7,
    });
  });

  it("explains a conditional requirement (command runner without command)", async () => {
    const issues = await loadErrors(`agents:\n  list:\n    - id: a\n      runner: { kind: command }\n`);
    expect(issueAt(issues, "agents.list[0].runner.command").message).toBe(
      "required key is missing (required when kind is command); add it",
    );
  });

  it("never echoes a secret value in a type error", async () => {
    const issues = await loadErrors("hooks:\n  enabled: true\n  token: 982734987234987\n");
    const issue = issueAt(issues, "hooks.token");
    expect(issue.message).toBe("expected a string, found a number (value hidden)");
  });

  it("quotes keys that are not plain identifiers in key paths", async () => {
    const issues = await loadErrors(
      `agents:\n  defaults:\n    models:\n      "openai/gpt-4o": { alias: "a b" }\n`,
    );
    expect(issueAt(issues, 'agents.defaults.models["openai/gpt-4o"].alias')).toMatchObject({
      message: 'expected a name without / or spaces, found "a b"',
      line: 4,
    });
  });

  it("explains a duration that does not parse", async () => {
    const issues = await loadErrors("heartbeat:\n  every: 30 minutes\n");
    expect(issueAt(issues, "heartbeat.every").message).toBe(
      'expected a duration such as 30s, 30m or 2h (units ms, s, m, h, d), or 0, found "30 minutes"',
    );
  });

  it("reports every schema error at once", async () => {
    const issues = await loadErrors("server: { port: -1, host: '' }\nstore: { kind: mysql }\n");
    expect(issues.map((i) => i.path).sort()).toEqual(["server.host", "server.port", "store.kind"]);
  });

  it("gives YAML syntax errors a line and column", async () => {
    const issues = await loadErrors("hooks:\n  enabled: true\n  mappings: [\n");
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/^YAML syntax error: /);
    expect(issues[0]!.line).toBeGreaterThanOrEqual(3);
    expect(issues[0]!.file).toBe("hookgate.yaml");
  });

  it("rejects duplicate keys in YAML", async () => {
    const issues = await loadErrors("server:\n  port: 1\n  port: 2\n");
    expect(issues[0]).toMatchObject({ line: 3, column: 3 });
    expect(issues[0]!.message).toMatch(/unique/);
  });

  it("reads JSON and reports its errors with positions", async () => {
    const text = `{\n  "server": {\n    "port": "x"\n  },\n  "hooks": { "enabeld": true }\n}\n`;
    const issues = await loadErrors(text, { file: "hookgate.json" });
    expect(issueAt(issues, "server.port")).toMatchObject({ file: "hookgate.json", line: 3, column: 13 });
    expect(issueAt(issues, "hooks.enabeld")).toMatchObject({
      message: "unknown key; did you mean hooks.enabled?",
      line: 5,
      column: 14,
    });
  });

  it("holds JSON files to JSON syntax (no trailing commas) and points at the error", async () => {
    const issues = await loadErrors(`{\n  "server": { "port": 1, }\n}\n`, { file: "hookgate.json" });
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ file: "hookgate.json", line: 2 });
    expect(issues[0]!.message).toMatch(/^JSON syntax error: /);
  });

  it("loads a valid JSON config", async () => {
    const { config } = await loadYaml(JSON.stringify({ server: { port: 8080 } }), { file: "hookgate.json" });
    expect(config.server).toEqual({
      host: "127.0.0.1",
      port: 8080,
      trustProxy: [],
      logLevel: "info",
      logEachRequest: false,
      logSummarySeconds: 60,
      metrics: { enabled: true, allowFrom: ["loopback"] },
      console: { enabled: true, allowFrom: ["loopback"], sessionTtlMs: 43_200_000 },
    });
  });

  it("names a config file that does not exist or has an unknown extension", async () => {
    const dir = tempDir();
    const missing = await configErrors(loadConfig({ file: "nope.yaml", cwd: dir, env: {} }));
    expect(formatIssue(missing[0]!)).toBe("nope.yaml: config file not found");
    writeFiles(dir, { "hookgate.toml": "" });
    const toml = await configErrors(loadConfig({ file: "hookgate.toml", cwd: dir, env: {} }));
    expect(toml[0]!.message).toBe("config file must end in .yaml, .yml or .json");
  });
});
