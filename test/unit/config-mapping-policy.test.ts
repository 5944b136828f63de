// Literal mapping values the ingress policies would refuse on every request are config errors.
import { describe, expect, it } from "vitest";
import { issueAt, loadErrors, loadYaml, TOKEN } from "./config-helpers.js";

const hooks = (extra: string, mapping: string) =>
  `hooks:\n  enabled: true\n  token: ${TOKEN}\n${extra}  mappings:\n    - id: ci\n      match: { path: ci }\n      action: agent\n      messageTemplate: "{{text}}"\n${mapping}`;

const models = `agents:
  defaults:
    models:
      "openai/gpt-4o-mini": { alias: mini }
`;

describe("a mapping's literal model", () => {
  it("must be allowed by agents.defaults.models", async () => {
    const issues = await loadErrors(hooks("", "      model: openai/gpt-5\n") + models);
    expect(issueAt(issues, "hooks.mappings[0].model")).toMatchObject({
      message:
        'mapping ci: model "openai/gpt-5" is not allowed by agents.defaults.models (allowed: openai/gpt-4o-mini (alias mini)), so every run would be refused; add it there or use one of those',
      file: "hookgate.yaml",
      line: 9,
      column: 14,
    });
  });

  it.each(["toString", "__proto__", "constructor"])("is refused for the object built-in %j", async (name) => {
    const issues = await loadErrors(hooks("", `      model: "${name}"\n`) + models);
    expect(issueAt(issues, "hooks.mappings[0].model").message).toContain(`model "${name}" is not allowed`);
  });

  it("may be an alias or a listed key", async () => {
    await loadYaml(hooks("", "      model: mini\n") + models);
    await loadYaml(hooks("", "      model: openai/gpt-4o-mini\n") + models);
  });

  it("is not checked when it is a template, or when no list restricts models", async () => {
    await loadYaml(hooks("", '      model: "{{model}}"\n') + models);
    await loadYaml(hooks("", "      model: openai/gpt-5\n"));
  });
});

describe("a mapping's agentId", () => {
  const agents = "agents:\n  list: [{ id: main }, { id: ops }]\n";

  it("must be in a restricting hooks.allowedAgentIds", async () => {
    const issues = await loadErrors(hooks("  allowedAgentIds: [main]\n", "      agentId: ops\n") + agents);
    expect(issueAt(issues, "hooks.mappings[0].agentId").message).toBe(
      'mapping ci: agentId "ops" is not in hooks.allowedAgentIds (main), so every run would be refused; add it there or remove agentId',
    );
  });

  it("is refused by an empty list, and admitted by * or no list", async () => {
    const issues = await loadErrors(hooks("  allowedAgentIds: []\n", "      agentId: main\n") + agents);
    expect(issueAt(issues, "hooks.mappings[0].agentId").message).toContain("hooks.allowedAgentIds (none)");
    await loadYaml(hooks('  allowedAgentIds: ["*"]\n', "      agentId: ops\n") + agents);
    await loadYaml(hooks("", "      agentId: ops\n") + agents);
  });
});

describe("a mapping's channel", () => {
  it("must be configured under channels", async () => {
    const issues = await loadErrors(hooks("", "      channel: slack\n"));
    expect(issueAt(issues, "hooks.mappings[0].channel").message).toBe(
      "mapping ci: channel slack is not configured, so every run would be refused; add channels.slack or use channel: last",
    );
  });

  it("may be last or a configured channel", async () => {
    await loadYaml(hooks("", "      channel: last\n"));
    await loadYaml(
      `${hooks("", "      channel: telegram\n")}channels:\n  telegram: { botToken: "123:abc" }\n`,
    );
  });
});

describe("a mapping's literal sessionKey", () => {
  it("must start with one of hooks.allowedSessionKeyPrefixes", async () => {
    const issues = await loadErrors(
      hooks('  allowedSessionKeyPrefixes: ["hook:"]\n', "      sessionKey: ops:deploys\n"),
    );
    expect(issueAt(issues, "hooks.mappings[0].sessionKey").message).toBe(
      'mapping ci: sessionKey "ops:deploys" does not start with any of hooks.allowedSessionKeyPrefixes (hook:), so every run would be refused; change the key or add its prefix',
    );
  });

  it("may not be the main session's key", async () => {
    const issues = await loadErrors(hooks("", "      sessionKey: Main\n"));
    expect(issueAt(issues, "hooks.mappings[0].sessionKey").message).toBe(
      'mapping ci: sessionKey "Main" is reserved for the main session, so every run would be refused; use a key of its own such as hook:ci',
    );
  });

  it("is compared case-insensitively, and templates are not checked", async () => {
    const prefixes = '  allowedSessionKeyPrefixes: ["hook:"]\n';
    await loadYaml(hooks(prefixes, "      sessionKey: HOOK:ci\n"));
    await loadYaml(hooks(prefixes, '      sessionKey: "{{key}}"\n'));
  });
});

describe("which mappings are checked", () => {
  it("checks mappings of rule files, pointing into the rule file", async () => {
    const issues = await loadErrors(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  rules: [rules/ci.yaml]\n`,
      {
        extra: {
          "rules/ci.yaml":
            "mappings:\n  - match: { path: ci }\n    action: agent\n    messageTemplate: hi\n    channel: discord\n",
        },
      },
    );
    expect(issueAt(issues, "mappings[0].channel")).toMatchObject({
      file: "rules/ci.yaml",
      line: 5,
      column: 14,
      message: expect.stringContaining("mapping ci-1: channel discord is not configured"),
    });
  });

  it("skips wake mappings, which use none of these fields", async () => {
    await loadYaml(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  mappings:\n    - match: { path: ci }\n      action: wake\n      textTemplate: hi\n      channel: slack\n`,
    );
  });

  it("reports every refused value of a mapping at once", async () => {
    const issues = await loadErrors(
      hooks("  allowedAgentIds: [main]\n", "      model: gpt-5\n      agentId: ops\n      channel: slack\n") +
        models,
    );
    expect(issues.map((i) => i.path)).toEqual([
      "hooks.mappings[0].model",
      "hooks.mappings[0].agentId",
      "hooks.mappings[0].channel",
    ]);
  });
});
