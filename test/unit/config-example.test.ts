// rules/examples is the documented starting point: hookgate.example.yaml must load cleanly as is and
// when the folder is copied and the file renamed hookgate.yaml (the recipe of docs/guides/rules.md), and
// every sample payload in rules/examples/payloads must reach the rule it is for through `hookgate test`.
import { cpSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { command as testCommand } from "../../src/commands/test.js";
import { command as validateCommand } from "../../src/commands/validate.js";
import { ConfigError, formatIssue } from "../../src/config/errors.js";
import { loadConfig } from "../../src/config/load.js";
import { compileRules } from "../../src/engine/compile.js";
import { runCommand } from "./command-helpers.js";
import { tempDir } from "./config-helpers.js";

const examples = fileURLToPath(new URL("../../rules/examples/", import.meta.url));
const token = "example-token-5d0c8f2b9e1a4c7d";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("rules/examples/hookgate.example.yaml", () => {
  it("loads and compiles without errors or warnings, needing only HOOKGATE_TOKEN", async () => {
    const { config, warnings } = await loadConfig({
      file: "hookgate.example.yaml",
      cwd: examples,
      env: { HOOKGATE_TOKEN: token },
    });
    expect(warnings).toEqual([]);
    expect(config.hooks.presets).toEqual(["mail"]);
    expect(config.hooks.ruleFiles?.map((f) => f.slice(examples.length))).toEqual([
      "github.yaml",
      "alertmanager.yaml",
      "stripe.yaml",
    ]);
    const ids = config.hooks.mappings.map((m) => m.id);
    expect(ids.slice(0, 3)).toEqual(["ci-failed", "cron-done", "github-pr-opened"]);
    expect(config.agents.defaultAgentId).toBe("main");
    expect(config.agents.list.find((a) => a.id === "ops")?.systemPrompt).toMatch(/on-call/);
    expect(config.hooks.mail.model).toBe("openai/gpt-4o-mini");
    // The example defaults of ${NAME:-default}.
    expect(config.providers["openai"]?.apiKey).toBe("sk-example");
    expect(config.channels.telegram?.defaultTo).toBe("4242");
    const compiled = await compileRules(config);
    expect(compiled.warnings).toEqual([]);
    compiled.dispose();
  });

  it("uses the environment over the example defaults", async () => {
    const { config } = await loadConfig({
      file: "hookgate.example.yaml",
      cwd: examples,
      env: { HOOKGATE_TOKEN: token, TELEGRAM_CHAT_ID: "777" },
    });
    expect(config.channels.telegram?.defaultTo).toBe("777");
  });

  it("without HOOKGATE_TOKEN: one error, naming it (the hook token has no default)", async () => {
    const err = await loadConfig({ file: "hookgate.example.yaml", cwd: examples, env: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).issues.map(formatIssue)).toEqual([
      expect.stringMatching(
        /^hookgate\.example\.yaml:\d+:10: hooks\.token: environment variable HOOKGATE_TOKEN is not set;/,
      ),
    ]);
  });
});

/** The rules guide's recipe: copy the folder, rename the example to hookgate.yaml. */
let copy: string;
beforeAll(() => {
  copy = join(tempDir(), "my-hookgate");
  cpSync(examples, copy, { recursive: true });
  renameSync(join(copy, "hookgate.example.yaml"), join(copy, "hookgate.yaml"));
});

describe("a copy of rules/examples with hookgate.yaml", () => {
  it("validates, given HOOKGATE_TOKEN", async () => {
    vi.stubEnv("HOOKGATE_TOKEN", token);
    const result = await runCommand(validateCommand, ["--config", join(copy, "hookgate.yaml")]);
    expect(result).toEqual({
      code: 0,
      stdout: `${join(copy, "hookgate.yaml")}: valid — 15 mappings (2 from pack mail), 3 rule files, presets: mail, 4 agents\n`,
      stderr: "",
    });
  });

  it("is found in the folder it is started from", async () => {
    vi.stubEnv("HOOKGATE_TOKEN", token);
    const cwd = process.cwd();
    process.chdir(copy);
    try {
      const result = await runCommand(validateCommand, []);
      expect(result.stdout).toBe(
        "hookgate.yaml: valid — 15 mappings (2 from pack mail), 3 rule files, presets: mail, 4 agents\n",
      );
    } finally {
      process.chdir(cwd);
    }
  });
});

/** Each sample payload, the request it stands for, and what the example rules make of it. */
const samples: {
  payload: string;
  hook: string;
  headers?: string[];
  kind: "wake" | "agent";
  mapping: string;
  shows: Record<string, unknown>;
}[] = [
  {
    payload: "github-pull-request.json",
    hook: "github",
    headers: ["x-github-event: pull_request"],
    kind: "agent",
    mapping: "github-pr-opened",
    shows: { sessionKey: "hook:github:pr:acme/api#42" },
  },
  {
    payload: "github-issue-opened.json",
    hook: "github",
    headers: ["x-github-event: issues"],
    kind: "agent",
    mapping: "github-issue-opened",
    shows: { name: "GitHub" },
  },
  {
    payload: "github-workflow-run-failed.json",
    hook: "github",
    headers: ["x-github-event: workflow_run"],
    kind: "wake",
    mapping: "github-workflow-failed",
    shows: {
      text: 'Workflow "CI" failed on main of acme/api: https://github.com/acme/api/actions/runs/4711',
    },
  },
  {
    payload: "github-push.json",
    hook: "github",
    headers: ["x-github-event: push"],
    kind: "wake",
    mapping: "github-push",
    shows: { mode: "next-heartbeat" },
  },
  {
    payload: "github-ping.json",
    hook: "github",
    headers: ["x-github-event: ping"],
    kind: "wake",
    mapping: "github-other",
    shows: { text: "GitHub ping event from acme/api." },
  },
  {
    payload: "alertmanager-firing-critical.json",
    hook: "alertmanager",
    kind: "agent",
    mapping: "alertmanager-critical",
    shows: { agentId: "ops", channel: "telegram" },
  },
  {
    payload: "alertmanager-firing-warning.json",
    hook: "alertmanager",
    kind: "wake",
    mapping: "alertmanager-firing",
    shows: { text: "Alert HighLatency firing (warning): p99 latency above 500 ms on api" },
  },
  {
    payload: "alertmanager-resolved.json",
    hook: "alertmanager",
    kind: "wake",
    mapping: "alertmanager-resolved",
    shows: { text: "Resolved: DiskFull on db-1:9100." },
  },
  {
    payload: "stripe-invoice-payment-failed.json",
    hook: "stripe",
    kind: "agent",
    mapping: "stripe-payment-failed",
    // Named by the transform (rules/examples/hooks/transforms/stripe-amount.js).
    shows: { name: "Stripe 12.34 EUR", agentId: "ops" },
  },
  {
    payload: "stripe-dispute-test-mode.json",
    hook: "stripe",
    kind: "wake",
    mapping: "stripe-dispute",
    shows: { text: "Stripe test event charge.dispute.created (evt_2Example).", mode: "next-heartbeat" },
  },
  {
    payload: "stripe-customer-created.json",
    hook: "stripe",
    kind: "wake",
    mapping: "stripe-other",
    shows: { text: "Stripe customer.created (evt_3Example, live: true)." },
  },
  {
    payload: "mail.json",
    hook: "mail",
    kind: "agent",
    mapping: "mail",
    // One run per message: the first message's.
    shows: { name: "Mail", sessionKey: "hook:mail:18c9a2f4e1", contentSource: "Email" },
  },
  {
    payload: "ci-failed.json",
    hook: "ci",
    kind: "agent",
    mapping: "ci-failed",
    shows: { agentId: "ops", channel: "slack", sessionKey: "hook:ci:acme/api" },
  },
  {
    payload: "cron.json",
    hook: "cron",
    kind: "wake",
    mapping: "cron-done",
    shows: { text: "Cron job nightly-backup finished with status ok." },
  },
];

describe("rules/examples/payloads through hookgate test", () => {
  it.each(samples)(
    "$payload → $kind by $mapping",
    async ({ payload, hook, headers = [], kind, mapping, shows }) => {
      const argv = [
        "--config",
        join(copy, "hookgate.yaml"),
        hook,
        "--payload",
        join(copy, "payloads", payload),
      ];
      for (const h of headers) argv.push("-H", h);
      const result = await runCommand(testCommand, [...argv, "--json", "--now", "2025-01-31T12:00:00Z"]);
      expect(result.stderr).toBe("");
      expect(result.code).toBe(0);
      const out = JSON.parse(result.stdout);
      expect(out.decision).toMatchObject({
        kind,
        mappingId: mapping,
        action: shows,
      });
      if (kind === "agent") expect(out.policy).toMatchObject({ ok: true });
    },
  );

  it("covers every sample payload and every rule of the example", async () => {
    expect(readdirSync(join(examples, "payloads")).sort()).toEqual(samples.map((s) => s.payload).sort());
    const { config } = await loadConfig({
      file: "hookgate.example.yaml",
      cwd: examples,
      env: { HOOKGATE_TOKEN: token },
    });
    const reached = new Set(samples.map((s) => s.mapping));
    expect(config.hooks.mappings.map((m) => m.id).filter((id) => !reached.has(id))).toEqual([]);
  });
});
