// Authoring mistakes `hookgate test` and `hookgate validate` point at: a template error with its
// file:line:column, why the mapping a case expects did not take its request (that rule's explain
// trace), and a template name that none of a mapping's case payloads has (a typo that renders empty).
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { command as test } from "../../src/commands/test.js";
import { command as validate } from "../../src/commands/validate.js";
import { runCommand } from "./command-helpers.js";
import { tempDir, writeFiles } from "./config-helpers.js";

function folder(files: Record<string, string>): string {
  const dir = tempDir();
  writeFiles(dir, files);
  return dir;
}

const CONFIG =
  "hooks:\n  enabled: true\n  token: a-long-enough-token-for-tests-0123\n  rules: [device.yaml]\n";

const RULES = `mappings:
  - id: device-alert
    match:
      path: device
      when: { "==": [{ var: payload.kind }, alert] }
    action: wake
    textTemplate: "Device {{device}} says {{message}}"
  - id: device-other
    match: { path: device }
    action: ignore
tests:
  - name: an alert wakes
    payload: { kind: alert, device: d1, message: hot }
    expect: { kind: wake, mapping: device-alert, action: { text: "Device d1 says hot" } }
`;

describe("a template error", () => {
  const broken = RULES.replace('"Device {{device}} says {{message}}"', '"Device {{#if device}}{{device}}"');

  it("has its file:line:column in hookgate test, as in validate", async () => {
    const dir = folder({ "hookgate.yaml": CONFIG, "device.yaml": broken });
    const where =
      /^\S*device\.yaml:7:\d+: \S*device\.yaml mappings\[0\]\.textTemplate: mapping device-alert: template error: Parse error: \{\{#if\}\} is never closed/m;
    const checked = await runCommand(validate, ["--config", join(dir, "hookgate.yaml")]);
    expect(checked.stderr).toMatch(where);
    const cases = await runCommand(test, ["--config", join(dir, "hookgate.yaml")]);
    expect(cases.code).toBe(1);
    expect(cases.stderr).toMatch(where);
    const alone = await runCommand(test, ["--pack", join(dir, "device.yaml")]);
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(where);
    writeFileSync(join(dir, "alert.json"), '{"kind":"alert"}');
    const one = await runCommand(test, [
      "--config",
      join(dir, "hookgate.yaml"),
      "device",
      "-p",
      join(dir, "alert.json"),
    ]);
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(where);
  });

  it("in a pack file run alone has its file:line:column too", async () => {
    const pack = `id: devices\nversion: 1.0.0\nmappings:\n  - id: dev\n    match: { path: device }\n    action: wake\n    textTemplate: "{{#if device}}x"\ntests:\n  - name: one\n    payload: { device: a }\n    expect: { kind: wake }\n`;
    const dir = folder({ "devices.yaml": pack });
    const r = await runCommand(test, ["--pack", join(dir, "devices.yaml")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /cannot run: the rules do not load: \S*devices\.yaml:7:\d+: pack devices mappings\[0\]\.textTemplate: mapping dev: template error/,
    );
  });
});

describe("a case whose expected mapping did not take the request", () => {
  it("shows that rule's explain trace: what its when expected and saw", async () => {
    const rules = `${RULES}  - name: a note wakes too
    payload: { kind: note, device: d1, message: hot }
    expect: { kind: wake, mapping: device-alert }
`;
    const dir = folder({ "hookgate.yaml": CONFIG, "device.yaml": rules });
    const r = await runCommand(test, ["--config", join(dir, "hookgate.yaml")]);
    expect(r.code).toBe(1);
    expect(r.stdout.replaceAll(`${dir}/`, "")).toContain(
      [
        "FAIL device.yaml: a note wakes too",
        '       kind:    expected "wake", got "ignore"',
        '       mapping: expected "device-alert", got "device-other"',
        "       got: ignored by device-other (204)",
        "       why device-alert did not take it:",
        "         ✗ device-alert (device.yaml mappings[0]): when did not hold",
        '             expected: {"==":[{"var":"payload.kind"},"alert"]}',
        '             saw:      false; payload.kind = "note"',
      ].join("\n"),
    );
    const json = JSON.parse(
      (await runCommand(test, ["--config", join(dir, "hookgate.yaml"), "--json"])).stdout.replaceAll(
        `${dir}/`,
        "",
      ),
    );
    expect(json.cases[1].why).toEqual([
      "✗ device-alert (device.yaml mappings[0]): when did not hold",
      '    expected: {"==":[{"var":"payload.kind"},"alert"]}',
      '    saw:      false; payload.kind = "note"',
    ]);
  });

  it("says when a rule before it took the request, or when no mapping has that id", async () => {
    const rules = `${RULES.replace("tests:", "  - id: device-late\n    match: { path: device }\n    action: wake\n    textTemplate: late\ntests:")}  - name: reaches the late one
    payload: { kind: note }
    expect: { mapping: device-late }
  - name: names a mapping that does not exist
    payload: { kind: alert, device: d1, message: hot }
    expect: { mapping: device-alrt }
`;
    const dir = folder({ "hookgate.yaml": CONFIG, "device.yaml": rules });
    const r = await runCommand(test, ["--config", join(dir, "hookgate.yaml")]);
    const out = r.stdout.replaceAll(`${dir}/`, "");
    expect(out).toContain(
      "       why device-late did not take it: device-other (device.yaml mappings[1]), before it, took the request",
    );
    expect(out).toContain(
      "       why device-alrt did not take it: no mapping has that id here; did you mean device-alert?",
    );
  });
});

describe("a template name no case payload has", () => {
  const typo = RULES.replace("Device {{device}} says", "Device {{devce}} says").replace(
    ', action: { text: "Device d1 says hot" }',
    "",
  );

  it("is a warning of validate and of hookgate test, at the name, with the close key", async () => {
    const dir = folder({ "hookgate.yaml": CONFIG, "device.yaml": typo });
    const warning =
      "device.yaml:7:29: warning: /tmp/X/device.yaml mappings[0].textTemplate: mapping device-alert: {{devce}} reads the payload key devce that none of its test case's payload has, so it renders empty; did you mean device?".replace(
        "/tmp/X",
        dir,
      );
    const checked = await runCommand(validate, ["--config", join(dir, "hookgate.yaml")]);
    expect(checked.code).toBe(0);
    expect(checked.stderr).toContain(warning);
    const cases = await runCommand(test, ["--config", join(dir, "hookgate.yaml")]);
    expect(cases.code).toBe(0);
    expect(cases.stderr).toContain(warning);
    const alone = await runCommand(test, ["--pack", join(dir, "device.yaml")]);
    expect(alone.stderr).toContain(warning);
  });

  it("is not one for names under {{#if}}, in {{#each}}, @index, this, headers and query the cases send, or a default", async () => {
    const rules = `mappings:
  - id: build
    match: { path: build }
    action: wake
    textTemplate: >-
      {{status}} {{headers.x-build-kind}} {{query.env}} {{#if note}}{{note}}{{/if}}
      {{#each steps}}{{@index}} {{name}} {{this}} {{../status}}{{/each}} {{default owner "nobody"}}
      {{now}} {{path}} {{@root.status}}
tests:
  - name: a build
    headers: { x-build-kind: nightly }
    query: { env: prod }
    payload: { status: ok, steps: [{ name: compile }] }
    expect: { kind: wake, mapping: build }
`;
    const dir = folder({ "hookgate.yaml": CONFIG.replace("device.yaml", "build.yaml"), "build.yaml": rules });
    const checked = await runCommand(validate, ["--config", join(dir, "hookgate.yaml")]);
    expect(checked).toMatchObject({ code: 0, stderr: "" });
  });

  it("reads a forEach mapping's elements, and names a header by its header name", async () => {
    const rules = `mappings:
  - id: each-message
    match: { path: batch }
    action: wake
    forEach: messages
    textTemplate: "{{from}}: {{body}} ({{headers.x-sourc}})"
tests:
  - name: a batch
    headers: { x-source: relay }
    payload: { messages: [{ from: ada, body: hi }, { from: bob, body: yo }] }
    expect: { kind: wake, mapping: each-message }
`;
    const dir = folder({ "hookgate.yaml": CONFIG.replace("device.yaml", "batch.yaml"), "batch.yaml": rules });
    const checked = await runCommand(validate, ["--config", join(dir, "hookgate.yaml")]);
    expect(checked.stderr.trim().split("\n")).toEqual([
      expect.stringContaining(
        "{{headers.x-sourc}} reads the header x-sourc that none of its 2 test cases' payloads have, so it renders empty; did you mean headers.x-source?",
      ),
    ]);
  });

  it("is not one anywhere in the built-in packs and the examples", async () => {
    const r = await runCommand(test, ["--config", "rules/examples/hookgate.example.yaml"]);
    expect(r.stderr).not.toContain("renders empty");
    for (const file of readdirSync("rules/presets").filter((f) => f.endsWith(".yaml"))) {
      const one = await runCommand(test, ["--pack", `rules/presets/${file}`]);
      expect(one.stderr, file).not.toContain("renders empty");
    }
  });
});
