// rules/examples/hookgate.example.yaml is the documented complete example: it must load cleanly.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";

const examples = fileURLToPath(new URL("../../rules/examples/", import.meta.url));

const env = {
  HOOKGATE_TOKEN: "example-token-5d0c8f2b9e1a4c7d",
  OPENAI_API_KEY: "sk-example",
  TELEGRAM_BOT_TOKEN: "123456:example",
  TELEGRAM_CHAT_ID: "4242",
  SLACK_BOT_TOKEN: "xoxb-example",
  TEAMS_OPS_WEBHOOK: "https://example.webhook.office.com/webhookb2/ops",
};

describe("rules/examples/hookgate.example.yaml", () => {
  it("validates without errors or warnings", async () => {
    const { config, warnings } = await loadConfig({ file: "hookgate.example.yaml", cwd: examples, env });
    expect(warnings).toEqual([]);
    expect(config.hooks.presets).toEqual(["mail"]);
    expect(config.hooks.ruleFiles?.map((f) => f.slice(examples.length))).toEqual([
      "github.yaml",
      "alertmanager.yaml",
      "stripe.yaml",
    ]);
    const ids = config.hooks.mappings.map((m) => m.id);
    expect(ids.slice(0, 3)).toEqual(["ci-failed", "cron-done", "github-pr-opened"]);
    expect(ids).toContain("alertmanager-critical");
    expect(ids).toContain("stripe-payment-failed");
    expect(config.agents.defaultAgentId).toBe("main");
    expect(config.agents.list.find((a) => a.id === "ops")?.systemPrompt).toMatch(/on-call/);
    expect(config.hooks.mail.model).toBe("openai/gpt-4o-mini");
    expect(config.channels.msteams?.webhooks["ops"]).toBe(env.TEAMS_OPS_WEBHOOK);
  });

  it("names each missing environment variable", async () => {
    const { HOOKGATE_TOKEN: _omitted, ...partial } = env;
    await expect(loadConfig({ file: "hookgate.example.yaml", cwd: examples, env: partial })).rejects.toThrow(
      /environment variable HOOKGATE_TOKEN is not set/,
    );
  });
});
