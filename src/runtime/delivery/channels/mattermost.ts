// Mattermost REST API v4: create a post in a channel with a bot or personal access token.
import { defineChannel } from "./adapter.js";
import { asString, httpFailure, isSuccess, pick, postJson, trimBase, unexpectedSuccess } from "./http.js";

export const mattermost = defineChannel({
  name: "mattermost",
  // Server-side post limit since Mattermost 5.0: 16383 runes (UTF-16 length never undercounts them).
  maxLength: 16_383,
  secrets: (cfg) => [cfg.token],
  async send(cfg, to, text, ctx) {
    const answer = await postJson(
      ctx,
      `${trimBase(cfg.baseUrl)}/api/v4/posts`,
      { channel_id: to, message: text },
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
