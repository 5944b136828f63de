// The one delivery id of a request: what `hookgate requests --delivery ID` and the console's search
// find a delivery by. A verified request's id is the one its verifier derived (the same that answers
// a redelivery like the first); otherwise the first id header a sender is known to send. Add a sender's
// way of naming its deliveries here, as one more entry of SOURCES, never a second mechanism.
import { headerText } from "../engine/verify/request-parts.js";
import type { RawHeaders, Verified } from "../engine/verify/types.js";
import { cloudEventDeliveryId } from "./cloudevents.js";

/** What the sources read: the request's headers and what its verification passed, if any. */
export interface DeliveryIdInput {
  headers: RawHeaders;
  verified?: Verified | undefined;
  /** A CloudEvent's attributes (binary or structured mode). */
  cloudEvent?: Record<string, unknown> | undefined;
}

/** Longer values are no sender's id; the log keeps none rather than a cut one. */
const MAX_LENGTH = 256;

/**
 * Headers that carry a sender's id of one delivery, first present wins: GitHub, Standard Webhooks
 * (and Svix's names), GitLab, Shopify, Linear, PagerDuty, then a client's own Idempotency-Key.
 * Senders that put the id in the body (Stripe's event id, Slack's event_id) are read by their
 * verifier, so only a verified request has it.
 */
const ID_HEADERS = [
  "x-github-delivery",
  "webhook-id",
  "svix-id",
  "x-gitlab-event-uuid",
  "x-shopify-event-id",
  "x-shopify-webhook-id",
  "linear-delivery",
  "x-webhook-id",
  "idempotency-key",
  "x-openclaw-idempotency-key",
] as const;

type Source = (input: DeliveryIdInput) => string | undefined;

const SOURCES: readonly Source[] = [
  ({ verified }) => verified?.id,
  // A CloudEvent is identified by its source and id together.
  ({ cloudEvent }) => (cloudEvent ? cloudEventDeliveryId(cloudEvent) : undefined),
  ({ headers }) => {
    for (const name of ID_HEADERS) {
      const value = headerText(headers, name);
      if (value !== undefined) return value;
    }
    return undefined;
  },
];

/** The request's delivery id, or undefined when it carries none (or one longer than 256 characters). */
export function requestDeliveryId(input: DeliveryIdInput): string | undefined {
  for (const source of SOURCES) {
    const id = source(input);
    if (id !== undefined) return id.length <= MAX_LENGTH ? id : undefined;
  }
  return undefined;
}
