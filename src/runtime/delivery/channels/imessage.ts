// iMessage through a BlueBubbles server: POST /api/v1/message/text, password in the query string.
import { defineChannel } from "./adapter.js";
import { asString, httpFailure, isSuccess, pick, postJson, trimBase } from "./http.js";

export const imessage = defineChannel({
  name: "imessage",
  // iMessage documents no limit; this keeps one bubble readable and AppleScript sends quick.
  maxLength: 20_000,
  secrets: (cfg) => [cfg.password],
  async send(cfg, to, text, ctx) {
    const url = `${trimBase(cfg.baseUrl)}/api/v1/message/text?password=${encodeURIComponent(cfg.password)}`;
    const answer = await postJson(ctx, url, {
      chatGuid: chatGuid(to),
      message: text,
      method: "apple-script",
      // Required for AppleScript sends; kept across retries and restarts so the server can refuse a
      // duplicate while the first is still being sent.
      tempGuid: ctx.idempotencyKey,
    });
    if (isSuccess(answer)) {
      // 200 {status, message: "Message sent!", data: <the sent message>}; its guid when reported.
      return { ok: true, id: asString(pick(answer.json, "data", "guid")) ?? ctx.idempotencyKey };
    }
    // Errors: {status, message, error: {type, message}}.
    const detail = asString(pick(answer.json, "error", "message")) ?? asString(pick(answer.json, "message"));
    // The first attempt with this tempGuid is still being sent (a retry after a timeout, or a resend
    // after a restart): the message is on its way, and a new tempGuid would send it twice.
    if (answer.status === 400 && /already queued/i.test(detail ?? "")) {
      return { ok: true, id: ctx.idempotencyKey };
    }
    return httpFailure(answer, detail);
  },
});

/** A chat guid as is; a bare phone number or e-mail address becomes its one-to-one iMessage chat. */
function chatGuid(to: string): string {
  return to.includes(";") ? to : `iMessage;-;${to}`;
}
