// An indentation slip gives one error at the slipped line with a hint, not one per key it moved:
// YAML syntax errors keep only the first (the rest follow from it), and a slip that still parses is
// recognised in the schema errors it causes, in the config and in rule files alike.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { command } from "../../src/commands/validate.js";
import { formatIssue } from "../../src/config/errors.js";
import { runCommand } from "./command-helpers.js";
import { loadErrors, TOKEN, tempDir, writeFiles } from "./config-helpers.js";

const head = `hooks:\n  enabled: true\n  token: ${TOKEN}\n`;

async function errors(text: string, extra: Record<string, string> = {}): Promise<string[]> {
  const issues = await loadErrors(text, { extra });
  return issues.filter((i) => i.severity === "error").map(formatIssue);
}

describe("YAML syntax errors from indentation", () => {
  it("a key between two columns: one error at its first character, naming the columns around it", async () => {
    // Before: one error per later line of the block ("All mapping items must start at the same column").
    expect(
      await errors(
        `${head}  mappings:\n    - id: x\n      match:\n        path: ci\n       when: true\n      action: wake\n      textTemplate: hi\n`,
      ),
    ).toEqual([
      "hookgate.yaml:8:8: YAML syntax error: All mapping items must start at the same column; line 8 starts in column 8, between the columns of the lines above (7 and 9): move it to the column of the key it belongs with",
    ]);
  });

  it("a line deeper than a key that already has a value: the error points at that line, not the one before", async () => {
    // Before: two errors at the value of the line above ("Nested mappings are not allowed...").
    expect(
      await errors(`${head}  mappings:\n    - id: x\n      action: wake\n        textTemplate: hi\n`),
    ).toEqual([
      "hookgate.yaml:7:9: YAML syntax error: line 7 is indented deeper than line 6, whose key already has a value, so it belongs to nothing; start it in column 7 like line 6, or put it under a key without a value",
    ]);
  });

  it("a list item that lost its place, and tabs", async () => {
    expect(
      await errors(`${head}  mappings:\n    - id: x\n      action: wake\n     textTemplate: hi\n`),
    ).toEqual([
      "hookgate.yaml:7:6: YAML syntax error: Sequence item without - indicator; line 7 starts in column 6, between the columns of the lines above (5 and 7): move it to the column of the key it belongs with",
    ]);
    expect(await errors("hooks:\n\tenabled: true\n")).toEqual([
      "hookgate.yaml:2:1: YAML syntax error: Tabs are not allowed as indentation; indent with spaces",
    ]);
  });
});

describe("slips that still parse", () => {
  it("keys indented under the key before them: one error saying to move them left", async () => {
    // Before: 7 errors — `action` missing, and 6 unknown keys of match.
    const text = `${head}  mappings:\n    - id: x\n      match:\n        path: ci\n        action: agent\n        messageTemplate: hi\n        sessionKey: "hook:x"\n        deliver: true\n        channel: slack\n        to: C01\n`;
    expect(await errors(text)).toEqual([
      "hookgate.yaml:8:9: hooks.mappings[0].match.action: action, messageTemplate, sessionKey, deliver, channel and to are indented under match, which has no such keys; they are keys of hooks.mappings[0]: move them left to the column of match (column 7)",
    ]);
  });

  it("an empty key whose keys ended up beside it: one error saying to indent them", async () => {
    // Before: 3 errors — runner is null, kind and command unknown in the agent.
    const text = `${head}agents:\n  list:\n    - id: main\n      runner:\n      kind: command\n      command: [python3, x.py]\n`;
    expect(await errors(text)).toEqual([
      "hookgate.yaml:7:7: agents.list[0].runner: runner is empty, and kind and command below it start in its column, so they count as keys of agents.list[0] (unknown there); indent them deeper than runner (column 7) to put them under it",
    ]);
  });

  it("in a rule file, next to an unrelated error that is still reported", async () => {
    const rules =
      "mappings:\n  - id: x\n    match:\n    path: ci\n    when: true\n    action: wake\n    textTemplate: hi\n  - id: y\n    action: wake\n    textTemplat: hi\n";
    expect(await errors(`${head}  rules: [r.yaml]\n`, { "r.yaml": rules })).toEqual([
      "r.yaml:3:5: mappings[0].match: match is empty, and path and when below it start in its column, so they count as keys of mappings[0] (unknown there); indent them deeper than match (column 5) to put them under it",
      "r.yaml:10:5: mappings[1].textTemplat: unknown key; did you mean mappings[1].textTemplate?",
    ]);
  });

  it("a genuinely unknown key under the right parent is still an unknown key", async () => {
    expect(
      await errors(
        `${head}  mappings:\n    - match:\n        path: ci\n        paht: x\n      action: wake\n      textTemplate: hi\n`,
      ),
    ).toEqual([
      "hookgate.yaml:7:9: hooks.mappings[0].match.paht: unknown key; did you mean hooks.mappings[0].match.path?",
    ]);
  });
});

describe("hookgate validate", () => {
  it("reports one error for one slip", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "hookgate.yaml": `${head}  mappings:\n    - id: x\n      match:\n        path: ci\n        action: agent\n        messageTemplate: hi\n`,
    });
    const file = join(dir, "hookgate.yaml");
    const result = await runCommand(command, ["--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n")).toEqual([
      `${file}:8:9: hooks.mappings[0].match.action: action and messageTemplate are indented under match, which has no such keys; they are keys of hooks.mappings[0]: move them left to the column of match (column 7)`,
      `${file}: invalid — 1 error`,
      "",
    ]);
  });
});

describe("not a slip", () => {
  it("a key of the parent written inside a flow mapping on one line is just an unknown key", async () => {
    expect(
      await errors(`${head}  mappings:\n    - match: { path: ci, action: wake }\n      textTemplate: hi\n`),
    ).toEqual([
      "hookgate.yaml:5:26: hooks.mappings[0].match.action: unknown key; known keys here: path, source, when",
    ]);
  });

  it("JSON, where indentation means nothing", async () => {
    const json = JSON.stringify(
      { hooks: { mappings: [{ match: { path: "ci", action: "wake" } }] } },
      null,
      2,
    );
    const issues = await loadErrors(json, { file: "hookgate.json" });
    expect(issues.map((i) => i.path)).toEqual(["hooks.mappings[0].match.action"]);
  });
});
