// Compiling the rule index: load errors (templates, JsonLogic, transforms), warnings (rules that can
// never fire, duplicate ids), the mail pack, and the order mappings → rule files → packs.
import { describe, expect, test } from "vitest";
import { ConfigError } from "../../src/config/errors.js";
import type { ConfigIssue } from "../../src/config/issues.js";
import { loadConfig } from "../../src/config/load.js";
import { compileRules } from "../../src/engine/compile.js";
import { route } from "../../src/engine/route.js";
import type { Mapping } from "../../src/types/generated.js";
import { compile, configWith, functionTransforms, request, tempDir } from "./engine-helpers.js";

async function issuesOf(run: () => Promise<unknown>): Promise<ConfigIssue[]> {
  try {
    await run();
  } catch (err) {
    if (err instanceof ConfigError) return err.issues;
    throw err;
  }
  throw new Error("expected a ConfigError");
}

const wake = (extra: Partial<Mapping> = {}): Mapping => ({ action: "wake", textTemplate: "event", ...extra });

describe("load errors", () => {
  test("a template syntax error names the mapping id and the field", async () => {
    const issues = await issuesOf(() =>
      compile([wake(), { id: "github", action: "agent", messageTemplate: "PR {{pull_request.title" }]),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ severity: "error", path: "hooks.mappings[1].messageTemplate" });
    expect(issues[0]!.message).toBe(
      "mapping github: template error: Parse error: {{ is never closed with }}",
    );
    // The index of the unclosed `{{`, so the config loader can point at it in the file.
    expect(issues[0]!.offset).toBe(3);
  });

  test("every broken field is reported, not only the first", async () => {
    const issues = await issuesOf(() =>
      compile([
        { id: "a", action: "wake", textTemplate: "{{#if x}}", name: "{{nope x}}" },
        {
          id: "b",
          action: "wake",
          textTemplate: "ok",
          match: { when: { method: [{ var: "payload" }, "keys"] } },
        },
        { id: "c", action: "wake", textTemplate: "ok", match: { path: " // " } },
      ]),
    );
    expect(issues.map((i) => i.path)).toEqual([
      "hooks.mappings[0].textTemplate",
      "hooks.mappings[0].name",
      "hooks.mappings[1].match.when",
      "hooks.mappings[2].match.path",
    ]);
    expect(issues[2]!.message).toContain(
      'mapping b: invalid JsonLogic: unknown or disallowed operator "method"',
    );
    expect(issues[3]!.message).toContain("match.path is empty");
  });

  test("a transform that cannot be loaded is a load error naming the mapping", async () => {
    const transforms = functionTransforms({});
    const issues = await issuesOf(() =>
      compile([{ id: "t", action: "wake", transform: { module: "gone.js" } }], {}, { transforms }),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: "hooks.mappings[0].transform.module" });
    expect(issues[0]!.message).toContain("mapping t: ");
    expect(issues[0]!.message).toContain("gone.js");
  });

  test("a mapping without action builds an agent run (OpenClaw's default)", async () => {
    const { index } = await compile([{ id: "a", match: { path: "a" }, messageTemplate: "hi {{x}}" }]);
    expect(index.rules[0]!.action.kind).toBe("agent");
  });

  test("an agent mapping without messageTemplate or transform is reported at load (by the config loader)", async () => {
    const dir = tempDir({
      "hookgate.yaml":
        "hooks:\n  enabled: true\n  token: a-long-enough-token-for-tests-0123\n  mappings:\n    - id: ask\n      action: agent\n      match: { path: ask }\n",
    });
    const issues = await issuesOf(() => loadConfig({ file: "hookgate.yaml", cwd: dir, env: {} }));
    const found = issues.find((i) => i.message.includes("messageTemplate"));
    expect(found?.severity).toBe("error");
    expect(found?.message).toContain("mapping ask");
  });
});

describe("warnings", () => {
  test("a rule shadowed by an earlier one with the same path and no narrower predicate", async () => {
    const { warnings } = await compile([
      wake({ id: "first", match: { path: "github" } }),
      wake({ id: "second", match: { path: "/github/", when: { "==": [1, 1] } } }),
      wake({ id: "other", match: { path: "stripe" } }),
    ]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: "warning", path: "hooks.mappings[1]" });
    expect(warnings[0]!.message).toContain(
      "mapping second: can never fire: mapping first (hooks.mappings[0])",
    );
  });

  test("a rule after a catch-all, and a rule with when: false", async () => {
    const { warnings } = await compile([
      wake({ id: "narrow", match: { source: "ci" } }),
      wake({ id: "never", match: { when: false } }),
      wake({ id: "all", match: { when: true } }),
      wake({ id: "late", match: { path: "x" } }),
    ]);
    expect(warnings.map((w) => `${w.path}: ${w.message.split(":").slice(0, 2).join(":")}`)).toEqual([
      "hooks.mappings[1]: mapping never: match.when is false, so this mapping never fires",
      "hooks.mappings[3]: mapping late: can never fire",
    ]);
  });

  test("rules with source or when do not shadow later ones", async () => {
    const { warnings } = await compile([
      wake({ match: { path: "a", source: "x" } }),
      wake({ match: { path: "a", when: { "==": [{ var: "payload.k" }, 1] } } }),
      wake({ match: { path: "a" } }),
    ]);
    expect(warnings).toEqual([]);
  });

  test("a rule with a verify of its own is reached by requests signed for it; one with a challenge answers its handshake", async () => {
    const github = (secret: string) => ({ scheme: "github" as const, secret });
    const { warnings } = await compile([
      wake({ id: "token-or-a", match: { path: "gh" }, verify: github("secret-a-0123456789") }),
      wake({ id: "signed-b", match: { path: "gh" }, verify: github("secret-b-0123456789") }),
      wake({ id: "same-a", match: { path: "gh" }, verify: github("secret-a-0123456789") }),
      wake({ id: "plain", match: { path: "gh" } }),
      wake({
        id: "handshake-only",
        match: { path: "slack", when: false },
        verify: { scheme: "slack", secret: "slack-secret-0123" },
        challenge: { kind: "slack" },
      }),
    ]);
    expect(warnings.map((w) => w.message.split(":").slice(0, 2).join(":"))).toEqual([
      "mapping same-a: can never fire",
      "mapping plain: can never fire",
    ]);
  });

  test("duplicate ids", async () => {
    const { warnings } = await compile([
      wake({ id: "same", match: { path: "a" } }),
      wake({ id: "same", match: { path: "b" } }),
    ]);
    expect(warnings).toEqual([
      {
        severity: "warning",
        path: "hooks.mappings[1].id",
        message:
          "mapping same: id also used by hooks.mappings[0]; give each mapping its own id so logs and runs name one rule",
      },
    ]);
  });
});

const mailPayload = {
  messages: [
    {
      id: "18c9a",
      from: "Ada <ada@example.com>",
      subject: "Invoice 42",
      snippet: "Please find attached",
      body: "Hello,\nthe invoice is attached.\nAda",
    },
  ],
};

describe("mail pack", () => {
  test("answers on both mail and gmail with one agent run per message", async () => {
    const { index } = await compile([], { hooks: { presets: ["mail"] } });
    for (const [path, name] of [
      ["mail", "Mail"],
      ["gmail", "Gmail"],
    ] as const) {
      const d = await route(index, request(path, mailPayload));
      expect(d.kind, path).toBe("agent");
      if (d.kind !== "agent") continue;
      expect(d.actions).toHaveLength(1);
      expect(d.action).toMatchObject({
        name,
        sessionKey: `hook:${path}:18c9a`,
        contentSource: "Email",
        pack: "mail",
        deliver: true,
        channel: "last",
        wakeMode: "now",
        allowUnsafeExternalContent: false,
      });
      expect(d.action.message).toBe(
        "New email.\nFrom: Ada <ada@example.com>\nSubject: Invoice 42\nSnippet: Please find attached\n\nHello,\nthe invoice is attached.\nAda",
      );
    }
  });

  test("two messages make two runs, each in the session of its message; none answers 204", async () => {
    const { index } = await compile([], { hooks: { presets: ["mail"] } });
    const two = {
      messages: [
        { id: "m1", from: "a@example.com", subject: "One" },
        { id: "m2", from: "b@example.com", subject: "Two" },
      ],
    };
    const d = await route(index, request("gmail", two));
    expect(d.kind === "agent" && d.actions?.map((a) => [a.sessionKey, a.name])).toEqual([
      ["hook:gmail:m1", "Gmail"],
      ["hook:gmail:m2", "Gmail"],
    ]);
    expect(d.kind === "agent" && d.actions?.[1]?.message).toContain("Subject: Two");
    for (const payload of [{}, { messages: [] }, { messages: "none" }, { historyId: 9 }]) {
      expect(await route(index, request("mail", payload))).toMatchObject({
        kind: "skip",
        mappingId: "mail",
        reason: "empty",
      });
    }
  });

  test("a mail without subject or snippet still reads well", async () => {
    const { index } = await compile([], { hooks: { presets: ["gmail"] } });
    const d = await route(index, request("gmail", { messages: [{ id: "1", from: "x@y.z", body: "text" }] }));
    expect(d.kind === "agent" && d.action.message).toBe(
      "New email.\nFrom: x@y.z\nSubject: (no subject)\n\ntext",
    );
  });

  test("hooks.mail.model, .thinking and .allowUnsafeExternalContent apply to it", async () => {
    const { index } = await compile([], {
      hooks: {
        presets: ["mail"],
        mail: { model: "openai/gpt-4o-mini", thinking: "high", allowUnsafeExternalContent: true },
      },
    });
    const d = await route(index, request("mail", mailPayload));
    expect(d.kind === "agent" && d.action).toMatchObject({
      model: "openai/gpt-4o-mini",
      thinking: "high",
      allowUnsafeExternalContent: true,
    });
  });

  test("a custom mail mapping comes first and shadows the pack on mail only", async () => {
    const { index, warnings } = await compile(
      [
        {
          id: "my-mail",
          action: "wake",
          match: { path: "mail" },
          textTemplate: "Mail from {{messages[0].from}}",
        },
      ],
      { hooks: { presets: ["mail"] } },
    );
    const mail = await route(index, request("mail", mailPayload));
    expect(mail).toMatchObject({
      kind: "wake",
      mappingId: "my-mail",
      action: { text: "Mail from Ada <ada@example.com>" },
    });
    expect(await route(index, request("gmail", mailPayload))).toMatchObject({
      kind: "agent",
      mappingId: "gmail",
    });
    expect(warnings.map((w) => w.path)).toEqual(["pack mail mappings[0]"]);
  });
});

describe("order", () => {
  test("hooks.mappings, then hooks.rules files, then packs", async () => {
    const dir = tempDir({
      "rules/extra.yaml":
        "mappings:\n  - id: from-file\n    action: wake\n    match: { path: mail }\n    textTemplate: file\n",
      "hookgate.yaml": [
        "hooks:",
        "  enabled: true",
        "  token: a-long-enough-token-for-tests-0123",
        "  presets: [mail]",
        '  rules: ["rules/*.yaml"]',
        "  mappings:",
        "    - id: inline",
        "      action: wake",
        "      match: { path: mail, source: inline }",
        "      textTemplate: inline",
        "",
      ].join("\n"),
    });
    const { config } = await loadConfig({ file: "hookgate.yaml", cwd: dir, env: {} });
    const compiled = await compileRules(config);
    try {
      expect(compiled.index.rules.map((r) => r.id)).toEqual(["inline", "from-file", "mail", "gmail"]);
      expect(await route(compiled.index, request("mail", { source: "inline" }))).toMatchObject({
        mappingId: "inline",
      });
      expect(await route(compiled.index, request("mail", mailPayload))).toMatchObject({
        mappingId: "from-file",
      });
    } finally {
      compiled.dispose();
    }
  });

  test("the index lists for a path hold the path-less rules at their positions", async () => {
    const { index } = await compileRules(
      configWith([
        wake({ id: "p1", match: { path: "x" } }),
        wake({ id: "any", match: { source: "s" } }),
        wake({ id: "p2", match: { path: "x", source: "t" } }),
      ]),
    );
    expect(index.byPath.get("x")?.map((r) => r.id)).toEqual(["p1", "any", "p2"]);
    expect(index.pathless.map((r) => r.id)).toEqual(["any"]);
  });
});
