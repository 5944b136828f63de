// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} in plain strings is the config syntax under test.
// hooks.rules: rule files found by glob, loaded in sorted order after hooks.mappings, with ids and origins.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatIssue } from "../../src/config/errors.js";
import { loadRulesFile } from "../../src/config/source/rule-file.js";
import { configErrors, issueAt, loadErrors, loadYaml, tempDir, writeFiles } from "./config-helpers.js";

const wake = (id?: string) => `  - ${id ? `id: ${id}\n    ` : ""}action: wake\n    textTemplate: hi\n`;

describe("hooks.rules", () => {
  it("loads globbed files in sorted order after hooks.mappings, with ids and origins", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "rules/stripe.yaml": `mappings:\n${wake()}${wake("stripe-paid")}`,
      "rules/github.yaml": `mappings:\n${wake()}`,
      "rules/notes.txt": "not a rule file",
    });
    const { config } = await loadYaml(`hooks:\n  mappings:\n${wake()}  rules: ["rules/*.yaml"]\n`, { dir });
    expect(config.hooks.mappings.map((m) => [m.id, m.origin])).toEqual([
      ["mapping-1", "hooks.mappings[0]"],
      ["github-1", "rules/github.yaml mappings[0]"],
      ["stripe-1", "rules/stripe.yaml mappings[0]"],
      ["stripe-paid", "rules/stripe.yaml mappings[1]"],
    ]);
    expect(config.hooks.ruleFiles).toEqual([
      join(dir, "rules", "github.yaml"),
      join(dir, "rules", "stripe.yaml"),
    ]);
  });

  it("supports ** and ?, loads each file once and skips the config file itself", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "a1.yaml": `mappings:\n${wake()}`,
      "deep/x/b.json": JSON.stringify({ mappings: [{ action: "wake", textTemplate: "b" }] }),
      "deep/.hidden/c.json": JSON.stringify({ mappings: [{ action: "wake", textTemplate: "c" }] }),
    });
    const { config } = await loadYaml(`hooks:\n  rules: ["a?.yaml", "**/*.json", "a1.yaml", "*.yaml"]\n`, {
      dir,
    });
    expect(config.hooks.mappings.map((m) => m.origin)).toEqual([
      "a1.yaml mappings[0]",
      `${join("deep", "x", "b.json")} mappings[0]`,
    ]);
  });

  it("warns about a glob that matches nothing", async () => {
    const { warnings } = await loadYaml(`hooks:\n  rules: ["rules/*.yaml"]\n`);
    expect(issueAt(warnings, "hooks.rules[0]", "warning").message).toMatch(
      /^"rules\/\*.yaml" matches no files/,
    );
  });

  it("names a rule file that does not exist", async () => {
    const issues = await loadErrors(`hooks:\n  rules: ["rules/none.yaml"]\n`);
    expect(formatIssue(issueAt(issues, ""))).toBe("rules/none.yaml: rule file not found");
  });

  it("reports errors inside a rule file with that file's positions", async () => {
    const dir = tempDir();
    writeFiles(dir, { "rules/bad.yaml": "mappings:\n  - action: wake\n    textTemplat: hi\n" });
    const issues = await loadErrors(`hooks:\n  rules: [rules/bad.yaml]\n`, { dir });
    expect(formatIssue(issueAt(issues, "mappings[0].textTemplat"))).toBe(
      "rules/bad.yaml:3:5: mappings[0].textTemplat: unknown key; did you mean mappings[0].textTemplate?",
    );
  });

  it("rejects preset keys in a user rule file", async () => {
    const issues = await loadErrors(`hooks:\n  rules: [r.yaml]\n`, {
      extra: { "r.yaml": `preset: mine\nmappings:\n${wake()}` },
    });
    expect(issueAt(issues, "preset")).toMatchObject({
      file: "r.yaml",
      line: 1,
      message:
        "belongs in a pack file (id, version, params: see docs/guides/packs.md, Writing a pack), not a rule file; remove it",
    });
  });

  it("requires messageTemplate or transform on agent mappings, naming the mapping id", async () => {
    const issues = await loadErrors(`hooks:\n  mappings:\n    - id: pr-opened\n      action: agent\n`);
    expect(issueAt(issues, "hooks.mappings[0].action").message).toBe(
      "mapping pr-opened: an agent mapping needs messageTemplate or transform to build the agent's message",
    );
  });
});

describe("mapping action", () => {
  it("is agent when left out, in hooks.mappings and in rule files (OpenClaw's default)", async () => {
    const dir = tempDir();
    writeFiles(dir, { "rules/a.yaml": "mappings:\n  - messageTemplate: from a rule file\n" });
    const { config } = await loadYaml(
      'hooks:\n  mappings:\n    - match: { path: ask }\n      messageTemplate: "{{q}}"\n  rules: [rules/a.yaml]\n',
      { dir },
    );
    expect(config.hooks.mappings.map((m) => m.action)).toEqual(["agent", "agent"]);
  });

  it("an agent mapping left without action still needs its message", async () => {
    const issues = await loadErrors("hooks:\n  mappings:\n    - match: { path: ask }\n");
    expect(issueAt(issues, "hooks.mappings[0].action").message).toMatch(/needs messageTemplate or transform/);
  });
});

describe("loadRulesFile", () => {
  it("refuses the keys of a pack file", async () => {
    const dir = tempDir();
    writeFiles(dir, { "p.yaml": `aliases: [x]\nmappings:\n${wake()}` });
    const issues = await configErrors(loadRulesFile(join(dir, "p.yaml")));
    expect(issueAt(issues, "aliases").message).toMatch(/^belongs in a pack file/);
  });

  it("reads JSON rule files", async () => {
    const dir = tempDir();
    writeFiles(dir, { "ci.json": JSON.stringify({ mappings: [{ action: "wake", textTemplate: "x" }] }) });
    const loaded = await loadRulesFile(join(dir, "ci.json"), { baseDir: dir });
    expect(loaded.mappings).toEqual([
      { action: "wake", textTemplate: "x", id: "ci-1", origin: "ci.json mappings[0]" },
    ]);
  });

  it("leaves ${...} alone when no environment is given (presets are data)", async () => {
    const dir = tempDir();
    writeFiles(dir, { "p.yaml": "mappings:\n  - action: wake\n    textTemplate: 'cost ${X}'\n" });
    const loaded = await loadRulesFile(join(dir, "p.yaml"));
    expect(loaded.mappings[0]!.textTemplate).toBe("cost ${X}");
  });
});
