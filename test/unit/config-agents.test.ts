// agents and models: alias uniqueness, allowed models, the default agent, providers, prompt files.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { modelCatalog } from "../../src/config/resolve/models.js";
import { resolveModel } from "../../src/policy/model.js";
import { issueAt, loadErrors, loadYaml, tempDir } from "./config-helpers.js";

const models = `agents:
  defaults:
    model: mini
    models:
      "openai/gpt-4o-mini": { alias: mini }
      "openai/gpt-4o": { alias: big }
`;
const openai = `providers:\n  openai: { baseUrl: "https://api.openai.com/v1" }\n`;

describe("agents.defaults.models", () => {
  it("rejects two models with the same alias, naming both", async () => {
    const issues = await loadErrors(`agents:
  defaults:
    models:
      "openai/gpt-4o-mini": { alias: fast }
      "ollama/llama3": { alias: fast }
`);
    expect(issueAt(issues, 'agents.defaults.models["ollama/llama3"].alias')).toMatchObject({
      message:
        'alias "fast" is already used by openai/gpt-4o-mini; aliases must be unique, rename one of them',
      line: 5,
      column: 33,
    });
  });

  it("rejects a default model that is not in the list", async () => {
    const issues = await loadErrors(`agents:
  defaults:
    model: openai/gpt-5
    models:
      "openai/gpt-4o-mini": { alias: mini }
`);
    expect(issueAt(issues, "agents.defaults.model")).toMatchObject({
      message:
        'model "openai/gpt-5" is not allowed by agents.defaults.models (allowed: openai/gpt-4o-mini (alias mini)); add it there or use one of those',
      line: 3,
      column: 12,
    });
  });

  it("accepts an alias as the default model and resolves it to provider/model", async () => {
    const { config } = await loadYaml(models + openai);
    expect(config.agents.defaults.model).toBe("openai/gpt-4o-mini");
    expect(config.agents.defaults.models).toEqual({
      "openai/gpt-4o-mini": { alias: "mini" },
      "openai/gpt-4o": { alias: "big" },
    });
  });

  it("checks every agent's model and hooks.mail.model against the list", async () => {
    const issues = await loadErrors(
      `${models}  list:\n    - { id: main, model: gpt-5 }\nhooks:\n  mail: { model: huge }\n`,
    );
    expect(issueAt(issues, "agents.list[0].model").message).toMatch(/^model "gpt-5" is not allowed/);
    expect(issueAt(issues, "hooks.mail.model").message).toMatch(/^model "huge" is not allowed/);
  });

  it("allows any model when the list is absent or empty", async () => {
    const { config } = await loadYaml("agents:\n  defaults: { model: any/thing, models: {} }\n");
    expect(config.agents.defaults).toMatchObject({ model: "any/thing", models: null });
  });
});

describe("agent ids compare case-insensitively (as OpenClaw's do)", () => {
  it("lower-cases agent ids and hooks.allowedAgentIds, so OPS in one matches ops in the other", async () => {
    const { config, warnings } = await loadYaml(
      "hooks:\n  allowedAgentIds: [OPS, Main]\nagents:\n  list:\n    - { id: main }\n    - { id: Ops, default: true }\n",
    );
    expect(config.agents.list.map((a) => a.id)).toEqual(["main", "ops"]);
    expect(config.agents.defaultAgentId).toBe("ops");
    expect(config.hooks.allowedAgentIds).toEqual(["ops", "main"]);
    expect(warnings).toEqual([]);
  });

  it("refuses two agents whose ids differ only in case", async () => {
    const issues = await loadErrors("agents:\n  list:\n    - { id: ops }\n    - { id: OPS }\n");
    expect(issueAt(issues, "agents.list[1].id").message).toBe(
      'agent id "OPS" is already used by agents.list[0] (ids compare case-insensitively); ids must be unique',
    );
  });

  it("accepts a mapping whose agentId differs from the allowlist only in case", async () => {
    const { config } = await loadYaml(
      "hooks:\n  allowedAgentIds: [ops]\n  mappings:\n    - { match: { path: a }, agentId: OPS, messageTemplate: hi }\nagents:\n  list: [{ id: main }, { id: ops }]\n",
    );
    expect(config.hooks.mappings[0]!.agentId).toBe("OPS");
  });
});

describe("agents.list", () => {
  it("defaults to one echo agent named main", async () => {
    const { config } = await loadYaml("{}");
    expect(config.agents.list).toEqual([{ id: "main", runner: { kind: "echo" }, timeoutSeconds: 600 }]);
    expect(config.agents.defaultAgentId).toBe("main");
  });

  it("takes the agent marked default, else the first", async () => {
    const marked = await loadYaml("agents:\n  list: [{ id: a }, { id: b, default: true }]\n");
    expect(marked.config.agents.defaultAgentId).toBe("b");
    const first = await loadYaml("agents:\n  list: [{ id: a }, { id: b }]\n");
    expect(first.config.agents.defaultAgentId).toBe("a");
  });

  it("allows at most one default agent", async () => {
    const issues = await loadErrors(
      "agents:\n  list:\n    - { id: a, default: true }\n    - { id: b, default: true }\n",
    );
    expect(issueAt(issues, "agents.list[1].default").message).toBe(
      "only one agent may be the default; agents.list[0] already is",
    );
  });

  it("rejects duplicate agent ids", async () => {
    const issues = await loadErrors("agents:\n  list: [{ id: a }, { id: a }]\n");
    expect(issueAt(issues, "agents.list[1].id").message).toMatch(/already used by agents.list\[0\]/);
  });

  it("inherits model, thinking and timeout from agents.defaults", async () => {
    const { config } = await loadYaml(
      `${models}    thinking: low\n    timeoutSeconds: 60\n  list:\n    - { id: main, runner: { kind: llm } }\n    - { id: deep, model: big, thinking: high, runner: { kind: llm } }\n${openai}`,
    );
    expect(config.agents.list).toEqual([
      {
        id: "main",
        runner: { kind: "llm" },
        model: "openai/gpt-4o-mini",
        thinking: "low",
        timeoutSeconds: 60,
      },
      { id: "deep", runner: { kind: "llm" }, model: "openai/gpt-4o", thinking: "high", timeoutSeconds: 60 },
    ]);
  });

  it("requires the provider of an llm agent's model to be configured", async () => {
    const issues = await loadErrors(
      "agents:\n  list:\n    - { id: main, model: ollama/llama3, runner: { kind: llm } }\n",
    );
    expect(issueAt(issues, "agents.list[0].model").message).toBe(
      'provider "ollama" of model "ollama/llama3" is not configured; add providers.ollama with its baseUrl',
    );
  });

  it("does not require a provider for agents with other runners", async () => {
    const { config } = await loadYaml(
      "agents:\n  list:\n    - { id: main, model: ollama/llama3, runner: { kind: echo } }\n",
    );
    expect(config.agents.list[0]!.model).toBe("ollama/llama3");
  });

  it("requires a model for an llm agent", async () => {
    const issues = await loadErrors("agents:\n  list:\n    - { id: main, runner: { kind: llm } }\n");
    expect(issueAt(issues, "agents.list[0].runner.kind").message).toBe(
      "agent main uses the llm runner but has no model; set agents.list[0].model or agents.defaults.model",
    );
  });

  it("reads systemPromptFile relative to the config file", async () => {
    const dir = tempDir();
    const { config } = await loadYaml(
      "agents:\n  list:\n    - { id: main, systemPromptFile: prompts/main.md }\n",
      {
        dir,
        extra: { "prompts/main.md": "You are the on-call assistant.\n" },
      },
    );
    expect(config.agents.list[0]!.systemPrompt).toBe("You are the on-call assistant.\n");
  });

  it("names a missing systemPromptFile", async () => {
    const dir = tempDir();
    const issues = await loadErrors(
      "agents:\n  list:\n    - { id: main, systemPromptFile: prompts/none.md }\n",
      { dir },
    );
    expect(issueAt(issues, "agents.list[0].systemPromptFile").message).toBe(
      `cannot read system prompt file ${join(dir, "prompts", "none.md")}: no such file`,
    );
  });

  it("resolves a command runner's relative program and cwd against the config folder", async () => {
    const dir = tempDir();
    const { config } = await loadYaml(
      "agents:\n  list:\n    - { id: main, runner: { kind: command, command: [./bin/reply, --fast] } }\n    - { id: py, runner: { kind: command, command: [python3, x.py], cwd: work } }\n",
      { dir },
    );
    expect(config.agents.list[0]!.runner).toEqual({
      kind: "command",
      command: [join(dir, "bin", "reply"), "--fast"],
      cwd: dir,
    });
    expect(config.agents.list[1]!.runner).toEqual({
      kind: "command",
      command: ["python3", "x.py"],
      cwd: join(dir, "work"),
    });
  });
});

describe("agents.defaults.modelPolicy (OpenClaw's model policy)", () => {
  const config = (allow: string) => `agents:
  defaults:
    models:
      "anthropic/claude-opus-4-6": { alias: opus }
      "openai/gpt-5.2": { alias: gpt }
    modelPolicy: { allow: ${allow} }
`;

  it("with * any model is allowed and the aliases of models still resolve", async () => {
    const { config: c } = await loadYaml(config(`["*"]`));
    const catalog = modelCatalog(c);
    expect(catalog.canonical("opus")).toBe("anthropic/claude-opus-4-6");
    expect(catalog.canonical("ollama/llama3")).toBe("ollama/llama3");
  });

  it("decides instead of the keys of models: keys, aliases and provider/* prefixes", async () => {
    const { config: c } = await loadYaml(config(`["gpt", "ollama/*", "openrouter/anthropic/*"]`));
    const catalog = modelCatalog(c);
    expect(catalog.canonical("gpt")).toBe("openai/gpt-5.2");
    expect(catalog.canonical("openai/gpt-5.2")).toBe("openai/gpt-5.2");
    expect(catalog.canonical("ollama/qwen3:8b")).toBe("ollama/qwen3:8b");
    expect(catalog.canonical("openrouter/anthropic/claude")).toBe("openrouter/anthropic/claude");
    expect(catalog.canonical("opus")).toBeUndefined();
    expect(catalog.canonical("openrouter/openai/x")).toBeUndefined();
    expect(resolveModel("opus", catalog)).toEqual({
      ok: false,
      code: "MODEL_NOT_ALLOWED",
      error:
        'model "opus" is not allowed by agents.defaults.modelPolicy.allow; allowed: gpt, ollama/*, openrouter/anthropic/*',
    });
  });

  it("an empty list leaves the decision to the keys of models", async () => {
    const { config: c } = await loadYaml(config("[]"));
    expect(modelCatalog(c).canonical("ollama/llama3")).toBeUndefined();
    expect(modelCatalog(c).canonical("opus")).toBe("anthropic/claude-opus-4-6");
  });
});

describe("agents.list[].runner", () => {
  it("an openclaw runner needs the gateway's url and token", async () => {
    const issues = await loadErrors(`agents:
  list:
    - id: main
      runner: { kind: openclaw, url: "http://127.0.0.1:18789" }
`);
    expect(issues.map((i) => `${i.path}: ${i.message}`).join("\n")).toMatch(
      /agents\.list\[0\]\.runner.*token/,
    );
  });

  it("refuses a key of another runner kind, naming the kind it belongs to", async () => {
    const issues = await loadErrors(`agents:
  list:
    - id: main
      runner: { kind: echo, token: abcdef }
    - id: gw
      runner: { kind: openclaw, url: "http://127.0.0.1:18789", token: abcdef, command: [ls] }
`);
    expect(issueAt(issues, "agents.list[0].runner.token").message).toBe(
      "runner key token applies to runner kind openclaw only, not echo; remove it or change runner.kind",
    );
    expect(issueAt(issues, "agents.list[1].runner.command").message).toBe(
      "runner key command applies to runner kind command only, not openclaw; remove it or change runner.kind",
    );
  });

  it("takes an openclaw runner with its token from the environment", async () => {
    const { config: c } = await loadYaml(
      `agents:
  list:
    - id: main
      runner: { kind: openclaw, url: "http://127.0.0.1:18789", token: "\${OPENCLAW_HOOKS_TOKEN}", path: /gw-hooks }
`,
      { env: { OPENCLAW_HOOKS_TOKEN: "oc-secret-token" } },
    );
    expect(c.agents.list[0]!.runner).toEqual({
      kind: "openclaw",
      url: "http://127.0.0.1:18789",
      token: "oc-secret-token",
      path: "/gw-hooks",
    });
  });

  it("an a2a runner needs the agent's url, takes headers with values from the environment, and no other runner's keys", async () => {
    const missing = await loadErrors(`agents:
  list:
    - id: main
      runner: { kind: a2a, headers: { Authorization: "Bearer x" } }
`);
    expect(missing.map((i) => `${i.path}: ${i.message}`).join("\n")).toMatch(
      /agents\.list\[0\]\.runner.*url/,
    );

    const foreign = await loadErrors(`agents:
  list:
    - id: main
      runner: { kind: a2a, url: "https://agents.example.com/a2a", secret: abcdef }
`);
    expect(issueAt(foreign, "agents.list[0].runner.secret").message).toBe(
      "runner key secret applies to runner kind http only, not a2a; remove it or change runner.kind",
    );

    const { config: c } = await loadYaml(
      `agents:
  list:
    - id: main
      runner: { kind: a2a, url: https://agents.example.com/a2a, headers: { Authorization: "Bearer \${A2A_TOKEN}" } }
`,
      { env: { A2A_TOKEN: "a2a-secret-token" } },
    );
    expect(c.agents.list[0]!.runner).toEqual({
      kind: "a2a",
      url: "https://agents.example.com/a2a",
      headers: { Authorization: "Bearer a2a-secret-token" },
    });
  });
});
