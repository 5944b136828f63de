// `hookgate validate` end to end: exit codes, the summary on stdout, every problem on stderr.
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command } from "../../src/commands/validate.js";
import { runCommand } from "./command-helpers.js";
import { TOKEN, tempDir, writeFiles } from "./config-helpers.js";

function run(argv: string[]) {
  return runCommand(command, argv);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

function reEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function configFile(text: string, extra: Record<string, string> = {}): string {
  const dir = tempDir();
  writeFiles(dir, { "hookgate.yaml": text, ...extra });
  return join(dir, "hookgate.yaml");
}

describe("hookgate validate", () => {
  it("exits 0 with a one-line summary for a valid config", async () => {
    const file = configFile(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  rules: [rules.yaml]\n  mappings:\n    - match: { path: ci }\n      action: wake\n      textTemplate: "CI {{status}}"\nagents:\n  list: [{ id: main }, { id: ops }]\n`,
      { "rules.yaml": "mappings:\n  - match: { path: cron }\n    action: wake\n    textTemplate: done\n" },
    );
    const result = await run(["--config", file]);
    expect(result).toEqual({
      code: 0,
      stdout: `${file}: valid — 2 mappings, 1 rule file, presets: none, 2 agents\n`,
      stderr: "",
    });
  });

  it("counts the enabled packs' mappings too, saying how many come from which pack", async () => {
    vi.stubEnv("GITHUB_WEBHOOK_SECRET", "gh-webhook-secret");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_stripe-secret");
    const file = configFile(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  presets: [github, stripe]\n  mappings:\n    - match: { path: ci }\n      action: wake\n      textTemplate: "CI {{status}}"\n`,
    );
    const result = await run(["--config", file]);
    expect(result).toEqual({
      code: 0,
      stdout: `${file}: valid — 10 mappings (9 from packs: github 5, stripe 4), 0 rule files, presets: github, stripe, 1 agent\n`,
      stderr: "",
    });
  });

  it("prints warnings on stderr and still exits 0", async () => {
    const file = configFile("hooks:\n  enabled: true\n  token: short-token\n");
    const result = await run(["-c", file]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${file}: valid — 0 mappings, 0 rule files, presets: none, 1 agent\n`);
    expect(result.stderr).toBe(
      `${file}:3:10: warning: hooks.token: weak token: 11 characters, use at least 24 random ones (for example: openssl rand -base64 32)\n`,
    );
  });

  it("exits 1 and prints every error as file:line:column: key: message", async () => {
    const file = configFile(`hooks:\n  enabled: true\n  path: /\n  allowedSessionKeyPrefixes: ["ops:"]\n`);
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr.split("\n")).toEqual([
      `${file}:2:3: hooks.token: required when hooks.enabled is true: set a long random secret, e.g. token: \${HOOKGATE_TOKEN}`,
      `${file}:3:9: hooks.path: "/" would put hooks at the root of the server; use a prefix such as /hooks`,
      `${file}:4:30: hooks.allowedSessionKeyPrefixes: runs without a session key get generated hook:<uuid> keys, which none of these prefixes (ops:) admit; add "hook:" or set hooks.defaultSessionKey`,
      `${file}: invalid — 3 errors`,
      "",
    ]);
  });

  it("reports a mistyped key with the suggestion", async () => {
    const file = configFile(`hooks:\n  enabled: true\n  token: ${TOKEN}\n  mapings: []\n`);
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${file}:4:3: hooks.mapings: unknown key; did you mean hooks.mappings?\n`,
    );
  });

  it("catches template errors by compiling the rules", async () => {
    const file = configFile(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  mappings:\n    - match: { path: ci }\n      action: agent\n      messageTemplate: "{{#if status}}unterminated"\n`,
    );
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `${file}:7:25: hooks.mappings[0].messageTemplate: mapping mapping-1: template error: Parse error: {{#if}} is never closed; add {{/if}} where the block ends\n${file}: invalid — 1 error\n`,
    );
  });

  it("points template errors at their line and column in the file, in every string style", async () => {
    const wake = (path: string, template: string) =>
      `    - match: { path: ${path} }\n      action: wake\n      textTemplate: ${template}\n`;
    const file = configFile(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  mappings:\n${[
        wake("a", "|\n        line one\n        hello {{lowr name}}"),
        wake("b", ">-\n        folded {{x}}\n        and {{items[0].y}} {{/if}}"),
        wake("c", "'it''s {{jsn x}}'"),
        wake("d", '"tab\\t {{#each list}}"'),
      ].join("")}`,
    );
    const result = await run(["--config", file]);
    const lines = result.stderr.split("\n").map((l) => l.slice(file.length));
    expect(lines).toEqual([
      ":9:15: hooks.mappings[0].textTemplate: mapping mapping-1: template error: unknown helper lowr; did you mean lower? helpers: json, default, truncate, lower, upper, join, eq, lookup, if, unless, each, with",
      ":14:28: hooks.mappings[1].textTemplate: mapping mapping-2: template error: Parse error: unexpected {{/...}} (no block is open)",
      ":17:28: hooks.mappings[2].textTemplate: mapping mapping-3: template error: unknown helper jsn; did you mean json? helpers: json, default, truncate, lower, upper, join, eq, lookup, if, unless, each, with",
      ":20:28: hooks.mappings[3].textTemplate: mapping mapping-4: template error: Parse error: {{#each}} is never closed; add {{/each}} where the block ends",
      ": invalid — 4 errors",
      "",
    ]);
  });

  it("points template errors inside a JSON config at their line and column", async () => {
    const dir = tempDir();
    const config = {
      hooks: {
        enabled: true,
        token: TOKEN,
        mappings: [
          { match: { path: "a" }, action: "wake", textTemplate: 'say "hi"\n{{upper x}} {{uper y}}' },
        ],
      },
    };
    writeFiles(dir, { "hookgate.json": JSON.stringify(config, null, 2) });
    const file = join(dir, "hookgate.json");
    const result = await run(["--config", file]);
    expect(result.stderr).toMatch(
      new RegExp(
        `^${reEscape(file)}:11:50: hooks\\.mappings\\[0\\]\\.textTemplate: .*unknown helper uper; did you mean upper\\?`,
      ),
    );
  });

  it("lists schema errors and template, when and rule-file errors together, skipping invalid mappings", async () => {
    const file = configFile(
      [
        "hooks:",
        "  enabled: true",
        `  token: ${TOKEN}`,
        "  mapings: []",
        "  rules: [r.yaml]",
        "  mappings:",
        "    - match: { path: a }",
        "      action: wake",
        '      textTemplate: "{{#if x}}open"',
        "    - match: { path: b }",
        "      action: wak",
        '      textTemplate: "{{lowr x}}"',
        "    - match: { path: c, when: { method: [{ var: payload }, keys] } }",
        "      action: wake",
        "      textTemplate: ok",
        "server: { port: nope }",
        "",
      ].join("\n"),
      {
        "r.yaml":
          'mappings:\n  - action: wake\n    textTemplate: "{{uper x}}"\n  - action: wake\n    textTemplat: x\n',
      },
    );
    const ruleFile = join(file, "..", "r.yaml");
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    // Before: only the three schema errors; the mapping with the invalid action is not compiled.
    expect(result.stderr.split("\n").map((l) => l.replace(/: mapping .*?: /, ": ").slice(0, 110))).toEqual(
      [
        `${file}:4:3: hooks.mapings: unknown key; did you mean hooks.mappings?`,
        `${file}:9:22: hooks.mappings[0].textTemplate: template error: Parse error: {{#if}} is never closed; add {{/if}} where the block ends`,
        `${file}:11:15: hooks.mappings[1].action: expected one of "wake", "agent", "ignore" (did you mean "wake"?), found "wak"`,
        `${file}:13:31: hooks.mappings[2].match.when: invalid JsonLogic: unknown or disallowed operator "method"; allowed: if ?: and or map filter reduce all some none == === != !== > >= < <= ! !! % in cat substr + * - / min max merge var missing missing_some`,
        `${file}:16:17: server.port: expected an integer, found "nope"`,
        `${ruleFile}:3:20: ${ruleFile} mappings[0].textTemplate: template error: unknown helper uper; did you mean upper? helpers: json, default, truncate, lower, upper, join, eq, lookup, if, unless, each, with`,
        `${ruleFile}:5:5: mappings[1].textTemplat: unknown key; did you mean mappings[1].textTemplate?`,
        `${file}: invalid — 7 errors`,
        "",
      ].map((l) => l.slice(0, 110)),
    );
  });

  it("lists cross-check errors with template and transform errors, never loading a module that is refused", async () => {
    const file = configFile(
      [
        "hooks:",
        "  enabled: true",
        `  token: ${TOKEN}`,
        "  path: /",
        "  mappings:",
        "    - match: { path: a }",
        "      action: wake",
        '      textTemplate: "{{lowr x}}"',
        "      transform: { module: broken.js }",
        "    - match: { path: b }",
        "      action: wake",
        "      transform: { module: ../../outside.js }",
        "",
      ].join("\n"),
      { "hooks/transforms/broken.js": "export default function () { return {\n", "outside.js": "throw 1;\n" },
    );
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    const lines = result.stderr.split("\n").map((l) => l.slice(file.length));
    expect(lines.map((l) => l.replace(/: .*$/, ""))).toEqual([":4:9", ":8:22", ":9:28", ":12:28", "", ""]);
    expect(lines[0]).toContain("hooks.path");
    expect(lines[1]).toContain("unknown helper lowr");
    expect(lines[2]).toContain("broken.js: Expected");
    expect(lines[3]).toContain("outside hooks.transformsDir");
    expect(lines[4]).toBe(": invalid — 4 errors");
  });

  it("runs each transform module once to check its exports: a top-level throw, a missing or non-function export", async () => {
    const file = configFile(
      [
        "hooks:",
        "  enabled: true",
        `  token: ${TOKEN}`,
        "  mappings:",
        "    - match: { path: a }",
        "      action: wake",
        "      transform: { module: throws.js }",
        "    - match: { path: b }",
        "      action: wake",
        "      transform: { module: value.js }",
        "    - match: { path: c }",
        "      action: wake",
        "      transform: { module: fine.js, export: shape }",
        "    - match: { path: d }",
        "      action: wake",
        "      transform: { module: fine.js }",
        "",
      ].join("\n"),
      {
        "hooks/transforms/throws.js": 'throw new Error("no config here");\nexport default () => null;\n',
        "hooks/transforms/value.js": "export default 42;\n",
        "hooks/transforms/fine.js": "export default (ctx) => ({ text: String(ctx.payload.n) });\n",
      },
    );
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    const lines = result.stderr.split("\n").map((l) => l.slice(file.length));
    expect(lines.map((l) => l.replace(/: .*$/, ""))).toEqual([":7:28", ":10:28", ":13:45", "", ""]);
    expect(lines[0]).toMatch(/throws\.js: .*no config here/);
    expect(lines[1]).toContain('value.js: export "default" is a number, not a function');
    expect(lines[2]).toContain('fine.js: export "shape" not found; the module exports "default"');
    expect(lines[3]).toBe(": invalid — 3 errors");
  });

  it("points compile errors inside rule files at the rule file's line", async () => {
    const file = configFile(`hooks:\n  enabled: true\n  token: ${TOKEN}\n  rules: [gh.yaml]\n`, {
      "gh.yaml":
        "mappings:\n  - action: wake\n    textTemplate: ok\n  - action: wake\n    textTemplate: '{{/if}}'\n",
    });
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    const ruleFile = join(file, "..", "gh.yaml");
    expect(result.stderr).toMatch(
      new RegExp(`^${reEscape(ruleFile)}:5:20: ${reEscape(ruleFile)} mappings\\[1\\]\\.textTemplate: `),
    );
  });

  it("warns once about a mapping id used twice, at the second id", async () => {
    const file = configFile(`hooks:\n  enabled: true\n  token: ${TOKEN}\n  rules: [r.yaml]\n`, {
      "r.yaml":
        "mappings:\n  - id: gh\n    match: { path: a }\n    action: wake\n    textTemplate: a\n  - id: gh\n    match: { path: b }\n    action: wake\n    textTemplate: b\n",
    });
    const result = await run(["--config", file]);
    expect(result.code).toBe(0);
    const ruleFile = join(file, "..", "r.yaml");
    expect(result.stderr).toBe(
      `${ruleFile}:6:9: warning: ${ruleFile} mappings[1].id: mapping gh: id also used by ${ruleFile} mappings[0]; give each mapping its own id so logs and runs name one rule\n`,
    );
  });

  it("warns that hooks are off when rules are configured without hooks.enabled", async () => {
    const file = configFile("hooks:\n  mappings:\n    - action: wake\n      textTemplate: hi\n");
    const result = await run(["--config", file]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(
        `^${reEscape(file)}:2:3: warning: hooks\\.enabled: not set, so hooks are off: every request under hooks\\.path answers 404`,
      ),
    );
  });

  it("warns about when paths and header names that never match, at the var, in file order", async () => {
    const file = configFile(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  mappings:\n    - id: gh\n      match:\n        path: /hooks/gh\n        when: { and: [{ "==": [{ var: action }, opened] }, { var: headers.X-GitHub-Event }] }\n      action: wake\n      textTemplate: "{{headers.X-GitHub-Event}}"\n`,
    );
    const result = await run(["--config", file]);
    expect(result.code).toBe(0);
    expect(
      result.stderr.split("\n").map((l) => l.slice(file.length).replace(/: mapping gh: .*; write /, " → ")),
    ).toEqual([
      ":7:15: warning: hooks.mappings[0].match.path → path: gh",
      ':8:39: warning: hooks.mappings[0].match.when.and[0]["=="][0].var → {"var":"payload.action"}',
      ':8:67: warning: hooks.mappings[0].match.when.and[1].var → {"var":"headers.x-github-event"}',
      ":10:24: warning: hooks.mappings[0].textTemplate → headers.x-github-event",
      "",
    ]);
  });

  it("validates the complete example with only HOOKGATE_TOKEN set", async () => {
    vi.stubEnv("HOOKGATE_TOKEN", "example-token-5d0c8f2b9e1a4c7d");
    const example = join(import.meta.dirname, "..", "..", "rules", "examples", "hookgate.example.yaml");
    const result = await run(["--config", example]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(
      /hookgate\.example\.yaml: valid — 15 mappings \(2 from pack mail\), 3 rule files, presets: mail, 4 agents\n$/,
    );
    expect(result.code).toBe(0);
  });

  it("reports an unset variable in a pack's parameter once, not again as each of the pack's mappings", async () => {
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", undefined);
    vi.stubEnv("STRIPE_SECRET", undefined);
    const file = configFile(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  presets: [stripe, github]\n  packs:\n    stripe: { secret: "\${STRIPE_SECRET}" }\n    github: { secret: gh-webhook-secret }\n`,
    );
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr.split("\n")).toEqual([
      `${file}:6:23: hooks.packs.stripe.secret: environment variable STRIPE_SECRET is not set; set it, or write $\${STRIPE_SECRET} for a literal \${STRIPE_SECRET}`,
      `${file}: invalid — 1 error`,
      "",
    ]);
  });

  it("prints help with --help", async () => {
    const result = await run(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: hookgate validate \[--config FILE\]/);
  });

  it("rejects unknown options with exit 1", async () => {
    const result = await run(["--bogus"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^hookgate validate: unknown option --bogus\n\nUsage: hookgate validate/);
  });
});

describe("hookgate validate: verify and token checks", () => {
  const mapping = (verify: string) =>
    `    - match: { path: sms }\n      action: wake\n      textTemplate: sms\n      verify: ${verify}\n`;

  it("accepts a Twilio mapping when server.publicUrl is set, as serve does, and says what is missing when not", async () => {
    const hooks = `hooks:\n  enabled: true\n  token: ${TOKEN}\n  mappings:\n${mapping("{ scheme: twilio, secret: twilio-auth-token }")}`;
    const withUrl = await run([
      "--config",
      configFile(`server:\n  publicUrl: https://hooks.example.com\n${hooks}`),
    ]);
    expect(withUrl.stderr).toBe("");
    expect(withUrl.code).toBe(0);
    const without = await run(["--config", configFile(hooks)]);
    expect(without.code).toBe(1);
    expect(without.stderr).toContain("Twilio signs the public URL it posts to: set server.publicUrl");
  });

  it("refuses hmac with a timestampHeader that signed does not cover", async () => {
    const file = configFile(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  mappings:\n${mapping("{ scheme: hmac, secret: s3cret-value, header: x-sig, timestampHeader: x-ts }")}`,
    );
    const result = await run(["--config", file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /hookgate\.yaml:\d+:\d+: hooks\.mappings\[0\]\.verify\.timestampHeader: (mapping \S+: )?the signature does not cover this header, so its age check proves nothing: add \{\{timestamp\}\} to signed/,
    );
  });

  it("refuses a hook token or a header-carried secret with a line break inside, never quoting it", async () => {
    // A secret file swapped for a link to a multi-line file: no header can carry what it holds.
    const lines = "first-line-of-a-key\nsecond-line-of-a-key\n";
    for (const [where, config] of [
      ["hooks.token", `hooks:\n  enabled: true\n  token: \${file:multi.txt}\n`],
      [
        "hooks.mappings[0].verify.secret",
        `hooks:\n  enabled: true\n  token: ${TOKEN}\n  mappings:\n${mapping('{ scheme: header, header: x-token, secret: "${file:multi.txt}" }')}`,
      ],
      [
        "hooks.mappings[0].verify.secrets[1]",
        `hooks:\n  enabled: true\n  token: ${TOKEN}\n  mappings:\n${mapping('{ scheme: basic, username: u, secrets: [one-password, "${file:multi.txt}"] }')}`,
      ],
    ] as const) {
      const file = configFile(config, { "multi.txt": lines });
      chmodSync(join(file, "../multi.txt"), 0o600);
      const result = await run(["--config", file]);
      expect(result.code, where).toBe(1);
      expect(result.stderr, where).toMatch(
        new RegExp(
          `hookgate\\.yaml:\\d+:\\d+: ${reEscape(where)}: (mapping \\S+: )?holds a line break or another control character, which no HTTP header can carry, so no sender could present it; check the variable or secret file it comes from`,
        ),
      );
      expect(result.stderr).not.toContain("line-of-a-key");
    }
  });
});
