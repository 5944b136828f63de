// Mattermost REST API v4: create a post in a channel with a bot or personal access token.
import { defineChannel } from "./adapter.js";
import { asString, httpFailure, isSuccess, pick, postJson, trimBase, unexpectedSuccess } from "./http.js";

export const mattermost = defineChannel({
  name: "mattermost",
  // Server-side post limit since Mattermost 5.0: 16,383 runes (code points), counted as sent.
  maxLength: 16_383,
  measure: (text) => codePoints(mattermostText(text)),
  secrets: (cfg) => [cfg.token],
  async send(cfg, to, text, ctx) {
    const answer = await postJson(
      ctx,
      `${trimBase(cfg.baseUrl)}/api/v4/posts`,
      // pending_post_id: the server returns the post it already made for a resend within 30 s.
      { channel_id: to, message: mattermostText(text), pending_post_id: ctx.idempotencyKey },
      { authorization: `Bearer ${cfg.token}` },
    );
    if (isSuccess(answer)) {
      const id = asString(pick(answer.json, "id"));
      return id ? { ok: true, id } : unexpectedSuccess(answer, "a post id");
    }
    // Errors: {id: "api.context...", message, detailed_error, request_id, status_code}.
    return httpFailure(answer, asString(pick(answer.json, "message")));
  },
});

/**
 * `@channel`, `@all` and `@here` notify everyone in the channel, and a bot token usually may use them.
 * A reply may quote untrusted webhook content: a zero-width space after the `@` keeps the word
 * readable but no longer a mention (Mattermost matches mentions on whole words).
 */
function mattermostText(text: string): string {
  // Not inside a longer word such as an e-mail address, which Mattermost does not read as a mention.
  return text.replace(/(?<![\p{L}\p{N}_.@-])@(channel|all|here)\b/giu, "@\u200b$1");
}

function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  return n;
}
