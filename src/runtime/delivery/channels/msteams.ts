// Microsoft Teams: one incoming-webhook or Workflows URL per conversation id (channels.msteams.webhooks).
import { defineChannel, type SendOutcome } from "./adapter.js";
import {
  asString,
  type HttpAnswer,
  httpFailure,
  isRetryableStatus,
  isSuccess,
  pick,
  postJson,
  snippet,
} from "./http.js";

export const msteams = defineChannel({
  name: "msteams",
  // Teams documents 28 KB per message, but measures it after adding its own properties: payloads of
  // about 21 KB already come back as "413". The whole JSON payload (the text travels twice, as `text`
  // and in the card) is kept at 20,000 bytes.
  maxLength: 20_000,
  // The payload's size: its fixed part, plus the text twice as JSON escapes it.
  measure: (text) => TEAMS_OVERHEAD + 2 * (Buffer.byteLength(JSON.stringify(text), "utf8") - 2),
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
      if (body !== "" && body !== "1" && /error|fail/i.test(body)) return refusedInside200(answer, body);
      // Workflows answer 202 with the flow run id; connectors return no id at all.
      return { ok: true, id: answer.headers.get("x-ms-workflow-run-id") ?? "accepted" };
    }
    // Workflows errors: {error: {code, message}}; connectors answer in plain text.
    return httpFailure(answer, asString(pick(answer.json, "error", "message")));
  },
});

/**
 * "Webhook message delivery failed with error: Microsoft Teams endpoint returned HTTP error 413 with
 * ContextId ..." inside a 200: the status Teams gave decides whether another try can help.
 */
function refusedInside200(answer: HttpAnswer, body: string): SendOutcome {
  const inner = Number(/\bHTTP error (\d{3})\b/i.exec(body)?.[1] ?? /\b(429|413)\b/.exec(body)?.[1]);
  const error = `HTTP ${answer.status}: ${snippet(body)}`;
  if (inner === 413) {
    return { ok: false, retryable: false, error: `Teams refused the message as too large (413): ${error}` };
  }
  return { ok: false, retryable: Number.isInteger(inner) && isRetryableStatus(inner), error };
}

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

/** Bytes of a message's payload besides its text. */
const TEAMS_OVERHEAD = Buffer.byteLength(JSON.stringify(teamsMessage("")), "utf8");
