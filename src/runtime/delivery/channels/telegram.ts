// Telegram Bot API: sendMessage with the bot token in the URL path (redacted from every error text).
import { defineChannel } from "./adapter.js";
import {
  asNumber,
  asString,
  httpFailure,
  isSuccess,
  pick,
  postJson,
  trimBase,
  unexpectedSuccess,
} from "./http.js";

export const telegram = defineChannel({
  name: "telegram",
  // sendMessage: 1-4096 characters. Counting UTF-16 code units never undercounts.
  maxLength: 4096,
  secrets: (cfg) => [cfg.botToken],
  async send(cfg, to, text, ctx) {
    const base = trimBase(cfg.apiBaseUrl ?? "https://api.telegram.org");
    const url = `${base}/bot${cfg.botToken}/sendMessage`;
    // No parse_mode: a reply is plain text, so Markdown characters in it can never make the call fail.
    let answer = await postJson(ctx, url, { chat_id: to, text });
    // A group that became a supergroup has a new id: follow it, once.
    const movedTo = asString(pick(answer.json, "parameters", "migrate_to_chat_id"));
    if (!isSuccess(answer) && movedTo && movedTo !== to) {
      answer = await postJson(ctx, url, { chat_id: movedTo, text });
    }
    if (isSuccess(answer) && pick(answer.json, "ok") === true) {
      const id = asString(pick(answer.json, "result", "message_id"));
      if (!id) return unexpectedSuccess(answer, "result.message_id");
      return movedTo && movedTo !== to ? { ok: true, id, movedTo } : { ok: true, id };
    }
    return httpFailure(answer, asString(pick(answer.json, "description")), {
      retryAfterSeconds: asNumber(pick(answer.json, "parameters", "retry_after")),
    });
  },
});
