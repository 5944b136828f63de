// Signal through signal-cli-rest-api: POST /v2/send from the registered number.
import { defineChannel, utf8Bytes } from "./adapter.js";
import {
  asString,
  httpFailure,
  isRetryableStatus,
  isSuccess,
  pick,
  postJson,
  trimBase,
  unexpectedSuccess,
} from "./http.js";

/** signal-cli errors that pass: rate limiting, network trouble, timeouts. Anything else is final. */
const TRANSIENT =
  /rate limit|network failure|timed out|timeout|temporar|unavailable|connection (?:refused|reset|closed)|try again/i;

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
      // "styled" would read *x* and ~x~ as formatting; a reply is sent as the text it is.
      text_mode: "normal",
    });
    if (isSuccess(answer)) {
      const id = asString(pick(answer.json, "timestamp"));
      return id ? { ok: true, id } : unexpectedSuccess(answer, "a timestamp");
    }
    // {error} on 400, also for failures that pass (signal-cli's errors arrive as text); 429 when Signal
    // asks for a rate-limit challenge (retried, then reported).
    const error = asString(pick(answer.json, "error"));
    return httpFailure(answer, error, {
      retryable: isRetryableStatus(answer.status) || (answer.status === 400 && TRANSIENT.test(error ?? "")),
    });
  },
});
