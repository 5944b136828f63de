// Discord REST API: create a message in a channel with a bot token.
import { homepage, version } from "../../../version.js";
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
      {
        content: text,
        // A reply may quote untrusted webhook content: never let it ping @everyone, roles or users.
        allowed_mentions: { parse: [] },
        // With enforce_nonce, a resend within a few minutes returns the message already made.
        nonce: discordNonce(ctx.idempotencyKey),
        enforce_nonce: true,
      },
      // Discord asks bots to identify themselves as `DiscordBot ($url, $versionNumber)`.
      { authorization: `Bot ${cfg.botToken}`, "user-agent": `DiscordBot (${homepage}, ${version})` },
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

/** Discord nonces are at most 25 characters: the key's first 25 hex digits (100 random bits). */
function discordNonce(key: string): string {
  return key.replace(/[^0-9a-zA-Z]/g, "").slice(0, 25);
}
