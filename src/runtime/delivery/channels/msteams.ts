// Microsoft Teams: one incoming-webhook or Workflows URL per conversation id (channels.msteams.webhooks).
import { defineChannel } from "./adapter.js";
import { asString, httpFailure, isSuccess, pick, postJson, snippet } from "./http.js";

export const msteams = defineChannel({
  name: "msteams",
  // Teams caps a message at about 28 KB. The text travels twice (plain `text` and the card), JSON-escaped:
  // 12,000 bytes each keeps the whole payload well below the cap.
  maxLength: 12_000,
  measure: (text) => Buffer.byteLength(JSON.stringify(text), "utf8") - 2,
  // A webhook URL carries its own signature: it is the credential.
  secrets: (cfg) => Object.values(cfg.webhooks),
  async send(cfg, to, text, ctx) {
    const url = Object.hasOwn(cfg.webhooks, to) ? cfg.webhooks[to] : undefined;
    if (!url) {
      return {
        ok: false,
        retryable: false,
        error: `no webhook URL for conversation "${to}": add it under channels.msteams.webhooks`,
      };
    }
    const answer = await postJson(ctx, url, teamsMessage(text));
    if (isSuccess(answer)) {
      // Legacy connectors answer 200 "1", or 200 with an error sentence when Teams refused the message.
      const body = answer.text.trim();
      if (body !== "" && body !== "1" && /error|fail/i.test(body)) {
        return {
          ok: false,
          retryable: /\b429\b/.test(body),
          error: `HTTP ${answer.status}: ${snippet(body)}`,
        };
      }
      // Workflows answer 202 with the flow run id; connectors return no id at all.
      return { ok: true, id: answer.headers.get("x-ms-workflow-run-id") ?? "accepted" };
    }
    // Workflows errors: {error: {code, message}}; connectors answer in plain text.
    return httpFailure(answer, asString(pick(answer.json, "error", "message")));
  },
});

/**
 * `text` is what classic incoming webhooks read; the Adaptive Card attachment is what the Workflows
 * "send webhook alerts to a channel" flow reads (it fails on a body without `attachments`).
 */
function teamsMessage(text: string): Record<string, unknown> {
  return {
    type: "message",
    text,
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [{ type: "TextBlock", text, wrap: true }],
        },
      },
    ],
  };
}
