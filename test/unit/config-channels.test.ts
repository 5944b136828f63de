// channels and providers: schema defaults filled in, msteams.defaultTo must name a webhook.
import { describe, expect, it } from "vitest";
import { issueAt, loadErrors, loadYaml } from "./config-helpers.js";

describe("channels", () => {
  it("fills the API base URLs from the schema defaults", async () => {
    const { config } = await loadYaml("channels:\n  telegram: { botToken: 't', defaultTo: '42' }\n");
    expect(config.channels).toEqual({
      telegram: { botToken: "t", defaultTo: "42", apiBaseUrl: "https://api.telegram.org" },
    });
  });

  it("requires msteams.defaultTo to be a key of msteams.webhooks", async () => {
    const issues = await loadErrors(
      "channels:\n  msteams:\n    webhooks: { ops: 'https://example.com/hook' }\n    defaultTo: dev\n",
    );
    expect(issueAt(issues, "channels.msteams.defaultTo")).toMatchObject({
      message: '"dev" is not a key of channels.msteams.webhooks (ops); use one of them',
      line: 4,
      column: 16,
    });
  });

  it("rejects a malformed URL", async () => {
    const issues = await loadErrors("channels:\n  slack: { botToken: x, apiBaseUrl: 'slack api' }\n");
    expect(issueAt(issues, "channels.slack.apiBaseUrl").message).toBe(
      'expected an absolute URL such as https://example.com, found "slack api"',
    );
  });
});

describe("providers", () => {
  it("fills thinkingParam and maxTokens", async () => {
    const { config } = await loadYaml("providers:\n  ollama: { baseUrl: 'http://127.0.0.1:11434/v1' }\n");
    expect(config.providers).toEqual({
      ollama: { baseUrl: "http://127.0.0.1:11434/v1", thinkingParam: "auto", maxTokens: 4096 },
    });
  });
});

describe("alerts", () => {
  it("resolves the channel, the recipient and the interval (600 s by default)", async () => {
    const { config } = await loadYaml(
      "channels:\n  telegram: { botToken: 't' }\nalerts: { channel: telegram, to: '-1001234' }\n",
    );
    expect(config.alerts).toEqual({ channel: "telegram", to: "-1001234", minIntervalMs: 600_000 });
    const { config: none } = await loadYaml("channels:\n  telegram: { botToken: 't' }\n");
    expect(none.alerts).toBeUndefined();
  });

  it("refuses a channel that is not configured, and a channel without a recipient, naming the fix", async () => {
    const unconfigured = await loadErrors("alerts: { channel: slack, to: C024BE91L }\n");
    expect(issueAt(unconfigured, "alerts.channel").message).toBe(
      "channel slack is not configured: add channels.slack, or send alerts to a configured channel",
    );
    const nobody = await loadErrors(
      "channels:\n  telegram: { botToken: 't' }\nalerts: { channel: telegram }\n",
    );
    expect(issueAt(nobody, "alerts.to").message).toBe(
      "alerts need a recipient: set alerts.to, or channels.telegram.defaultTo",
    );
  });
});
