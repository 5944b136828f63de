// Slack Web API: chat.postMessage with a bot token. Slack reports most failures as 200 {ok:false, error}.
import { defineChannel, type SendOutcome } from "./adapter.js";
import {
  asString,
  type HttpAnswer,
  httpFailure,
  isSuccess,
  parseRetryAfter,
  pick,
  postJson,
  trimBase,
  unexpectedSuccess,
} from "./http.js";

/**
 * `ok: false` errors that say "try again": throttling, and failures on Slack's side. (`fatal_error` and
 * `internal_error` may leave the message posted; delivery is at least once.)
 */
const TRANSIENT = new Set([
  "ratelimited",
  "rate_limited",
  "fatal_error",
  "internal_error",
  "request_timeout",
  "service_unavailable",
]);

export const slack = defineChannel({
  name: "slack",
  // chat.postMessage truncates `text` beyond 40,000 characters, counted as sent, entities included.
  maxLength: 40_000,
  measure: (text) => slackText(text).length,
  secrets: (cfg) => [cfg.botToken],
  async send(cfg, to, text, ctx) {
    const base = trimBase(cfg.apiBaseUrl ?? "https://slack.com/api");
    const answer = await postJson(
      ctx,
      `${base}/chat.postMessage`,
      { channel: to, text: slackText(text) },
      { authorization: `Bearer ${cfg.botToken}` },
    );
    if (!isSuccess(answer)) return httpFailure(answer, slackError(answer));
    if (pick(answer.json, "ok") === true) {
      const ts = asString(pick(answer.json, "ts"));
      return ts ? { ok: true, id: ts } : unexpectedSuccess(answer, "ts");
    }
    return applicationError(answer);
  },
});

/**
 * Slack reads `&`, `<` and `>` as control characters: `<!channel>` pings everyone in the channel,
 * `<@U123>` a person, `<https://x|text>` disguises a link. A reply may quote untrusted webhook
 * content, so they are sent as the entities Slack shows as the characters themselves.
 */
function slackText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function slackError(answer: HttpAnswer): string | undefined {
  const error = asString(pick(answer.json, "error"));
  if (!error) return undefined;
  // missing_scope names the scope to add; worth showing, since that is the fix.
  const needed = asString(pick(answer.json, "needed"));
  return needed ? `${error} (needed scope: ${needed})` : error;
}

/** A 200 {ok:false}: permanent (channel_not_found, not_in_channel, invalid_auth...) unless transient. */
function applicationError(answer: HttpAnswer): SendOutcome {
  const error = slackError(answer);
  if (!error) return unexpectedSuccess(answer, "ok: true");
  const retryAfterMs = parseRetryAfter(answer.headers.get("retry-after"));
  return {
    ok: false,
    retryable: TRANSIENT.has(asString(pick(answer.json, "error")) ?? ""),
    error: `Slack error ${error}`,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
  };
}
