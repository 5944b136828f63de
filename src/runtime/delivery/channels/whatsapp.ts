// WhatsApp Cloud API (Graph API): a text message from the business phone number to a phone number.
import { defineChannel } from "./adapter.js";
import {
  asNumber,
  asString,
  httpFailure,
  isRetryableStatus,
  isSuccess,
  pick,
  postJson,
  trimBase,
  unexpectedSuccess,
} from "./http.js";

/**
 * Graph error codes worth another try although the HTTP status is 400. Slow down: app rate limit (4),
 * account rate limit (80007), throughput (130429), too many messages to one user (131056). Passing
 * failures on Meta's side: unknown (1), service (2), something went wrong (131000), service
 * unavailable (131016).
 */
const RETRY_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056]);

export const whatsapp = defineChannel({
  name: "whatsapp",
  // text.body: up to 4096 characters.
  maxLength: 4096,
  secrets: (cfg) => [cfg.accessToken],
  async send(cfg, to, text, ctx) {
    const base = trimBase(cfg.apiBaseUrl ?? "https://graph.facebook.com/v21.0");
    const answer = await postJson(
      ctx,
      `${base}/${encodeURIComponent(cfg.phoneNumberId)}/messages`,
      { messaging_product: "whatsapp", recipient_type: "individual", to, type: "text", text: { body: text } },
      { authorization: `Bearer ${cfg.accessToken}` },
    );
    if (isSuccess(answer)) {
      const id = asString(pick(answer.json, "messages", 0, "id"));
      return id ? { ok: true, id } : unexpectedSuccess(answer, "messages[0].id");
    }
    const error = pick(answer.json, "error");
    const code = asNumber(pick(error, "code"));
    const message = asString(pick(error, "message"));
    const details = asString(pick(error, "error_data", "details"));
    const detail = message && details && details !== message ? `${message}: ${details}` : message;
    return httpFailure(answer, detail, {
      retryable: isRetryableStatus(answer.status) || (code !== undefined && RETRY_CODES.has(code)),
    });
  },
});
