// Discord REST API: create a message in a channel with a bot token.
import { version } from "../../../version.js";
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

export const discord = defineChannel({
  name: "discord",
  // Message content: up to 2000 characters.
  maxLength: 2000,
  secrets: (cfg) => [cfg.botToken],
  async send(cfg, to, text, ctx) {
    const base = trimBase(cfg.apiBaseUrl ?? "https://discord.com/api/v10");
    const answer = await postJson(
      ctx,
      `${base}/channels/${encodeURIComponent(to)}/messages`,
      // A reply may quote untrusted webhook content: never let it ping @everyone, roles or users.
      { content: text, allowed_mentions: { parse: [] } },
      // Discord asks bots to identify themselves as `DiscordBot (url, version)`.
      { authorization: `Bot ${cfg.botToken}`, "user-agent": `DiscordBot (hookgate, ${version})` },
    );
    if (isSuccess(answer)) {
      const id = asString(pick(answer.json, "id"));
      return id ? { ok: true, id } : unexpectedSuccess(answer, "a message id");
    }
    const message = asString(pick(answer.json, "message"));
    const code = asString(pick(answer.json, "code"));
    return httpFailure(answer, message && code ? `${message} (code ${code})` : message, {
      // The body's retry_after is in seconds with fractions, finer than the Retry-After header.
      retryAfterSeconds: asNumber(pick(answer.json, "retry_after")),
    });
  },
});
