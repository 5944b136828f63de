// Signal through signal-cli-rest-api: POST /v2/send from the registered number.
import { defineChannel, utf8Bytes } from "./adapter.js";
import { asString, httpFailure, isSuccess, pick, postJson, trimBase, unexpectedSuccess } from "./http.js";

export const signal = defineChannel({
  name: "signal",
  // Signal clients turn bodies over 2000 bytes into a "long text" attachment; staying below keeps every
  // part an ordinary message on every client.
  maxLength: 2000,
  measure: utf8Bytes,
  // signal-cli-rest-api has no authentication of its own: keep it on a private network.
  secrets: () => [],
  async send(cfg, to, text, ctx) {
    const answer = await postJson(ctx, `${trimBase(cfg.baseUrl)}/v2/send`, {
      message: text,
      number: cfg.number,
      recipients: [to],
    });
    if (isSuccess(answer)) {
      const id = asString(pick(answer.json, "timestamp"));
      return id ? { ok: true, id } : unexpectedSuccess(answer, "a timestamp");
    }
    // {error} on 400; 429 when Signal asks for a rate-limit challenge (retried, then reported).
    return httpFailure(answer, asString(pick(answer.json, "error")));
  },
});
