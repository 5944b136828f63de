// An OpenClaw configuration (openclaw.json, JSON5) served as it is: its hooks and agents read, every
// other section left out with one notice, findings placed at the OpenClaw key, and `hookgate config
// export` writing the hookgate YAML that makes the same decisions.
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command as configCommand } from "../../src/commands/config.js";
import { command as validateCommand } from "../../src/commands/validate.js";
import { type LoadedConfig, loadConfig } from "../../src/config/load.js";
import { isOpenClawFile } from "../../src/config/openclaw/detect.js";
import { fromOpenClaw } from "../../src/config/openclaw/translate.js";
import { modelCatalog } from "../../src/config/resolve/models.js";
import { compileRules } from "../../src/engine/compile.js";
import type { HookRequest } from "../../src/engine/types.js";
import { createIngress, type IngressDecision } from "../../src/ingress/decide.js";
import { runCommand } from "./command-helpers.js";
import { configErrors, tempDir, writeFiles } from "./config-helpers.js";

const FIXTURE = new URL("../fixtures/openclaw/openclaw.json5", import.meta.url);
const HOOK_TOKEN = "openclaw-hook-token-7c1f0e9a5b3d4e2f";
const env = { OPENCLAW_HOOKS_TOKEN: HOOK_TOKEN };
/** The transform the fixture's `signed` mapping names, written as OpenClaw users write them. */
const SIGNED = `import crypto from "node:crypto";
export default (ctx) => ({
  message: "signed " + ctx.payload.id + " " + crypto.createHash("sha256").update(ctx.url.search).digest("hex").slice(0, 8),
});
`;

/** A folder holding the fixture as openclaw.json (with `edit` applied) and its transforms. */
function openclawFolder(edit: (text: string) => string = (t) => t): string {
  const dir = tempDir();
  writeFiles(dir, {
    "openclaw.json": edit(readFileSync(FIXTURE, "utf8")),
    "hooks/transforms/signed.js": SIGNED,
  });
  return dir;
}

const load = (dir: string, file = "openclaw.json") => loadConfig({ file, cwd: dir, env });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("serving an OpenClaw configuration as it is", () => {
  it("reads hooks, agents (ids lower-cased), defaults, the model policy and the bot credentials", async () => {
    const { config } = await load(openclawFolder());
    expect(config.hooks).toMatchObject({
      enabled: true,
      token: HOOK_TOKEN,
      path: "/hooks",
      allowedAgentIds: ["main", "ops"],
      allowRequestSessionKey: true,
      allowedSessionKeyPrefixes: ["hook:"],
      presets: ["gmail"],
      sessionMode: "isolated",
      mail: { model: "anthropic/claude-sonnet-4-5", thinking: "medium" },
    });
    expect(config.hooks.mappings.map((m) => [m.id, m.action])).toEqual([
      ["github", "agent"],
      ["deploy", "wake"],
      ["signed", "agent"],
    ]);
    expect(config.agents.list.map((a) => [a.id, a.name, a.model, a.thinking])).toEqual([
      ["main", "Main Agent", "anthropic/claude-sonnet-4-5", "low"],
      ["ops", "Operations", "openai/gpt-5.2", "high"],
    ]);
    expect(config.agents.list.every((a) => a.runner.kind === "echo")).toBe(true);
    expect(config.agents.defaults).toMatchObject({
      model: "anthropic/claude-sonnet-4-5",
      timeoutSeconds: 600,
      maxConcurrentRuns: 3,
      thinking: "low",
      modelPolicy: { allow: ["sonnet", "opus", "openai/*"] },
    });
    const models = modelCatalog(config);
    expect(models.canonical("gpt")).toBe("openai/gpt-5.2");
    expect(models.canonical("openai/o4")).toBe("openai/o4");
    expect(models.canonical("anthropic/claude-3-haiku")).toBeUndefined();
    expect(Object.keys(config.channels)).toEqual(["telegram", "discord"]);
    expect(config.channels).toMatchObject({
      telegram: { botToken: "123456:telegram-bot-token" },
      discord: { botToken: "discord-bot-token" },
    });
  });

  it("leaves every other section out with one notice each, naming no secret", async () => {
    const { warnings } = await load(openclawFolder());
    const notices = warnings.filter((w) => w.severity === "notice");
    expect(warnings.filter((w) => w.severity !== "notice")).toEqual([]);
    const paths = notices.map((n) => n.path);
    for (const section of ["env", "identity", "logging", "gateway", "models", "cron", "skills", "plugins"]) {
      expect(
        paths.filter((p) => p === section),
        section,
      ).toHaveLength(1);
    }
    for (const key of [
      "hooks.internal",
      "hooks.gmail",
      "channels",
      "agents.defaults",
      "agents.entries.Ops",
    ]) {
      expect(paths, key).toContain(key);
    }
    const text = notices.map((n) => n.message).join("\n");
    for (const secret of [
      "push-token-secret",
      "gateway-token-not-the-hook-token",
      "sk-or-test",
      HOOK_TOKEN,
    ]) {
      expect(text).not.toContain(secret);
    }
    // Each notice points at its key in the file.
    expect(notices.find((n) => n.path === "gateway")).toMatchObject({ file: "openclaw.json", line: 12 });
  });

  it("an unset variable in a section hookgate leaves out is no error; one in a section it reads is", async () => {
    const dir = openclawFolder();
    await expect(load(dir)).resolves.toBeDefined();
    const issues = await configErrors(loadConfig({ file: "openclaw.json", cwd: dir, env: {} }));
    expect(issues.filter((i) => i.severity === "error").map((i) => [i.path, i.line])).toEqual([
      ["hooks.token", 70],
    ]);
  });

  it("places a finding at the OpenClaw key it is about, in OpenClaw's words", async () => {
    const dir = openclawFolder((t) =>
      t.replace('model: { primary: "openai/gpt-5.2" }', 'model: { primary: "mistral/large" }'),
    );
    const issues = await configErrors(load(dir));
    expect(issues.filter((i) => i.severity === "error")).toEqual([
      {
        severity: "error",
        path: "agents.entries.Ops.model.primary",
        file: "openclaw.json",
        line: 53,
        column: 27,
        message:
          'model "mistral/large" is not allowed by agents.defaults.modelPolicy.allow (allowed: sonnet, opus, openai/*); add it there or use one of those',
      },
    ]);
  });

  it("serves a mapping's forEach as written: one action per element", async () => {
    const dir = openclawFolder((t) => t.replace('id: "deploy",', 'id: "deploy", forEach: "items",'));
    const loaded = await load(dir);
    expect(loaded.config.hooks.mappings[1]).toMatchObject({ id: "deploy", forEach: "items" });
    const compiled = await compileRules(loaded.config);
    try {
      const decision = await createIngress(loaded.config, compiled.index).decide({
        path: "deploy",
        payload: {
          items: [
            { service: "api", status: "ok" },
            { service: "web", status: "failed" },
          ],
        },
        headers: {},
        query: {},
      });
      expect(decision.kind === "wake" && decision.fanOut?.map((a) => a.text)).toEqual([
        "Deploy of api finished: ok",
        "Deploy of web finished: failed",
      ]);
    } finally {
      compiled.dispose();
    }
  });

  it("refuses JSON5 syntax errors with their place", async () => {
    const broken = openclawFolder((t) => t.replace("cron: { enabled: true", "cron: { enabled: true,,"));
    expect(await configErrors(load(broken))).toMatchObject([
      { file: "openclaw.json", line: 116, message: expect.stringMatching(/^JSON5 syntax error: /) },
    ]);
  });

  it("knows OpenClaw files by name: openclaw.json (also with a suffix) and .json5", () => {
    expect(
      ["openclaw.json", "/home/a/.openclaw/openclaw.json", "OpenClaw.prod.json", "gateway.json5"].map(
        isOpenClawFile,
      ),
    ).toEqual([true, true, true, true]);
    expect(["hookgate.json", "openclaw.yaml", "my-openclaw.json"].map(isOpenClawFile)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("expands ~/ in hooks.transformsDir as OpenClaw does, and reads the legacy agent section and agents.list", () => {
    const t = fromOpenClaw(
      {
        hooks: { transformsDir: "~/.openclaw/hooks/transforms" },
        agent: { model: { primary: "openai/gpt-5.2" }, workspace: "~/w" },
        agents: { list: [{ id: "Main", default: true, workspace: "x" }, { id: "b" }] },
      },
      { home: "/home/ada" },
    );
    expect(t.config).toEqual({
      hooks: { transformsDir: "/home/ada/.openclaw/hooks/transforms", sessionMode: "isolated" },
      agents: { defaults: { model: "openai/gpt-5.2" }, list: [{ id: "Main", default: true }, { id: "b" }] },
    });
    expect(t.errors).toEqual([]);
  });
});

describe("hookgate validate and config export on an OpenClaw file", () => {
  it("validate: valid, with the notices on stderr", async () => {
    vi.stubEnv("OPENCLAW_HOOKS_TOKEN", HOOK_TOKEN);
    const dir = openclawFolder();
    const result = await runCommand(validateCommand, ["--config", join(dir, "openclaw.json")]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `${join(dir, "openclaw.json")}: valid — 5 mappings (2 from pack gmail), 0 rule files, presets: gmail, 2 agents\n`,
    );
    expect(result.stderr).toContain("notice: gateway: ignored:");
  });

  it("export writes YAML whose every decision matches the OpenClaw file's, and which validates", async () => {
    vi.stubEnv("OPENCLAW_HOOKS_TOKEN", HOOK_TOKEN);
    const dir = openclawFolder();
    const exported = await runCommand(configCommand, [
      "export",
      "--config",
      join(dir, "openclaw.json"),
      "--out",
      join(dir, "hookgate.yaml"),
    ]);
    expect(exported).toMatchObject({ code: 0, stdout: "" });
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the exported config keeps the reference.
    expect(readFileSync(join(dir, "hookgate.yaml"), "utf8")).toContain("token: ${OPENCLAW_HOOKS_TOKEN}");

    const validated = await runCommand(validateCommand, ["--config", join(dir, "hookgate.yaml")]);
    expect(validated).toMatchObject({ code: 0, stderr: "" });

    const [fromOpenClawFile, fromYaml] = await Promise.all([
      decisions(await load(dir)),
      decisions(await load(dir, "hookgate.yaml")),
    ]);
    expect(fromYaml).toEqual(fromOpenClawFile);
    // The requests cover every kind of answer.
    expect(new Set(fromOpenClawFile.map((d) => d.kind))).toEqual(new Set(["wake", "agent", "refused"]));
  });

  it("export refuses a hookgate file, a second write over --out, and prints the YAML without --out", async () => {
    const dir = openclawFolder();
    copyFileSync(join(dir, "openclaw.json"), join(dir, "gateway.json5"));
    const plain = await runCommand(configCommand, ["export", "-c", join(dir, "gateway.json5")]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^# hookgate configuration exported from .*gateway\.json5/);
    // The gateway offered as the agents' runner, its token an environment reference.
    expect(plain.stdout).toMatch(
      /^# {3}runner: \{ kind: openclaw, url: "http:\/\/127\.0\.0\.1:\d+", token: "\$\{OPENCLAW_HOOKS_TOKEN\}", agentId: AGENT_ID/m,
    );
    const hookgate = await runCommand(configCommand, ["export", "-c", join(dir, "hookgate.json")]);
    expect(hookgate).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("is not an OpenClaw config file"),
    });
    const out = join(dir, "out.yaml");
    expect(
      (await runCommand(configCommand, ["export", "-c", join(dir, "openclaw.json"), "-o", out])).code,
    ).toBe(0);
    expect(
      await runCommand(configCommand, ["export", "-c", join(dir, "openclaw.json"), "-o", out]),
    ).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("exists; pass --force"),
    });
    expect(await runCommand(configCommand, ["exprot"])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('unknown subcommand "exprot"; did you mean "export"?'),
    });
  });
});

/** What OpenClaw's senders send to the fixture's hooks, and the decision for each (generated keys blanked). */
async function decisions(loaded: LoadedConfig): Promise<Array<Record<string, unknown>>> {
  const compiled = await compileRules(loaded.config);
  try {
    const ingress = createIngress(loaded.config, compiled.index);
    const req = (
      path: string,
      payload: unknown,
      headers: Record<string, string> = {},
      target?: string,
    ): HookRequest => ({
      path,
      payload,
      headers,
      query: {},
      ...(target && { target }),
    });
    const requests = [
      req("wake", { text: "Backup done", mode: "next-heartbeat", source: "cron" }),
      req("agent", {
        message: "Summarize",
        name: "Email",
        agentId: "OPS",
        model: "gpt",
        idempotencyKey: "k1",
        extra: 1,
      }),
      req("agent", { message: "Summarize", model: "anthropic/claude-3-haiku" }),
      req("agent", { message: "Summarize", sessionKey: "hook:email:1", sessionMode: "persistent" }),
      req("agent", { message: "Summarize", sessionKey: "other:1" }),
      req("agent", { message: "Summarize", channel: "whatsapp" }),
      req("github", { repository: { full_name: "a/b" }, default: "main" }, { "x-github-event": "push" }),
      req("deploy", { service: "api", status: "ok" }),
      req("signed", { id: "s-1" }, {}, "/hooks/signed?team=ops"),
      req("gmail", {
        messages: [{ id: "m1", from: "ada@example.com", subject: "Invoice", snippet: "Please" }],
      }),
      req("nothing", {}),
    ];
    const out: Array<Record<string, unknown>> = [];
    for (const r of requests) out.push(shape(await ingress.decide(r, { now: new Date(0) })));
    return out;
  } finally {
    compiled.dispose();
  }
}

function shape(d: IngressDecision): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(d)) as Record<string, unknown>;
  const verdict = copy["verdict"] as { sessionKey?: string } | undefined;
  if (verdict?.sessionKey && /^hook:[0-9a-f-]{36}$/.test(verdict.sessionKey))
    verdict.sessionKey = "hook:<generated>";
  return copy;
}
