// The handshakes CloudEvents senders make before delivering, answered on paths a mapping marks
// `cloudevents: true`:
// - the webhook abuse protection of the CloudEvents HTTP webhook spec: `OPTIONS` with
//   WebHook-Request-Origin, answered 200 with WebHook-Allowed-Origin (and WebHook-Allowed-Rate when a
//   rate was asked for), which grants that origin leave to send, nothing more;
// - Azure Event Grid's subscription validation (its own event schema): a POST marked
//   `aeg-event-type: SubscriptionValidation` whose event carries a validationCode, answered
//   `{"validationResponse": <code>}`.
// Neither can start anything, so neither needs the hook token.
import { isObject } from "../core/is-object.js";
import { headerText } from "../engine/verify/request-parts.js";
import type { RawHeaders } from "../engine/verify/types.js";

const VALIDATION_EVENT = "Microsoft.EventGrid.SubscriptionValidationEvent";

/** Whether a request is one of the two handshakes (by method and headers alone). */
export function isCloudEventsHandshake(method: string, headers: RawHeaders): boolean {
  return (
    method === "OPTIONS" ||
    (method === "POST" && headerText(headers, "aeg-event-type")?.toLowerCase() === "subscriptionvalidation")
  );
}

/** The headers of the answer to an abuse-protection OPTIONS request. */
export function abuseProtectionHeaders(headers: RawHeaders): Record<string, string> {
  const out: Record<string, string> = { allow: "POST, OPTIONS" };
  const origin = headerText(headers, "webhook-request-origin");
  if (origin !== undefined) out["webhook-allowed-origin"] = origin;
  // hookgate sets no rate of its own here; its body limits and lockout apply to every request.
  if (headerText(headers, "webhook-request-rate") !== undefined) out["webhook-allowed-rate"] = "*";
  return out;
}

/** Event Grid's validationCode in a subscription validation body, or undefined when there is none. */
export function eventGridValidationCode(payload: unknown): string | undefined {
  const events = Array.isArray(payload) ? payload : [payload];
  for (const event of events) {
    if (!isObject(event) || event["eventType"] !== VALIDATION_EVENT) continue;
    const data = event["data"];
    const code = isObject(data) ? data["validationCode"] : undefined;
    if (typeof code === "string" && code !== "") return code;
  }
  return undefined;
}
