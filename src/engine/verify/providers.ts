// The providers' HMAC schemes as facts: where each one puts its signature, how it writes it, what it
// signs, where its delivery id is and how old a signed time may be (the provider's own advice).
import type { HmacSpec } from "./hmac.js";
import type { VerifyScheme } from "./types.js";

/** A provider's spec without the tolerance, which a mapping may set (see `toleranceSeconds`). */
type ProviderSpec = Omit<HmacSpec, "toleranceSeconds"> & { defaultToleranceSeconds?: number };

const NONE: readonly string[] = [];

const bodyOnly = (
  scheme: VerifyScheme,
  header: string,
  prefix: string,
  encoding: HmacSpec["encoding"],
  idHeaders: readonly string[],
): ProviderSpec => ({
  scheme,
  algorithm: "sha256",
  encoding,
  headers: [header],
  format: { kind: "prefixed", prefix },
  signed: ["body"],
  timestampHeaders: NONE,
  signedIdHeaders: NONE,
  ids: { headers: idHeaders },
});

/** Slack and Zoom: `v0=` HMAC-SHA256 over `v0:<timestamp>:<body>`. */
const v0 = (
  scheme: VerifyScheme,
  header: string,
  timestampHeader: string,
  idField?: string,
): ProviderSpec => ({
  scheme,
  algorithm: "sha256",
  encoding: "hex",
  headers: [header],
  format: { kind: "prefixed", prefix: "v0=" },
  signed: [{ text: "v0:" }, "timestamp", { text: ":" }, "body"],
  timestampHeaders: [timestampHeader],
  signedIdHeaders: NONE,
  ids: { headers: NONE, ...(idField !== undefined && { field: idField }) },
  defaultToleranceSeconds: 300,
});

export const PROVIDERS: Partial<Record<VerifyScheme, ProviderSpec>> = {
  // GitHub signs the body only; X-GitHub-Delivery stays the same on a redelivery.
  github: bodyOnly("github", "x-hub-signature-256", "sha256=", "hex", ["x-github-delivery"]),
  // Meta (WhatsApp, Messenger, Instagram) signs like GitHub, with the app secret.
  meta: bodyOnly("meta", "x-hub-signature-256", "sha256=", "hex", NONE),
  // Shopify's own advice for duplicates is X-Shopify-Event-Id; older deliveries carry only the webhook id.
  shopify: bodyOnly("shopify", "x-shopify-hmac-sha256", "", "base64", [
    "x-shopify-event-id",
    "x-shopify-webhook-id",
  ]),
  sentry: bodyOnly("sentry", "sentry-hook-signature", "", "hex", ["request-id"]),
  // Linear signs the body, which carries webhookTimestamp (ms); Linear advises one minute.
  linear: {
    ...bodyOnly("linear", "linear-signature", "", "hex", ["linear-delivery"]),
    timestampField: "webhookTimestamp",
    defaultToleranceSeconds: 60,
  },
  // PagerDuty lists one v1 signature per active secret: `v1=<hex>,v1=<hex>`.
  pagerduty: {
    ...bodyOnly("pagerduty", "x-pagerduty-signature", "", "hex", ["x-webhook-id"]),
    format: { kind: "pairs", key: "v1" },
  },
  // Stripe: `t=<ts>,v1=<hex>[,v1=...]` over `<ts>.<body>`; the event id is in the body.
  stripe: {
    scheme: "stripe",
    algorithm: "sha256",
    encoding: "hex",
    headers: ["stripe-signature"],
    format: { kind: "pairs", key: "v1", timestampKey: "t" },
    signed: ["timestamp", { text: "." }, "body"],
    timestampHeaders: NONE,
    signedIdHeaders: NONE,
    ids: { headers: NONE, field: "id" },
    defaultToleranceSeconds: 300,
  },
  slack: v0("slack", "x-slack-signature", "x-slack-request-timestamp", "event_id"),
  zoom: v0("zoom", "x-zm-signature", "x-zm-request-timestamp"),
  // Standard Webhooks (and Svix, its origin, with svix-* names): `v1,<base64>` items over
  // `<id>.<timestamp>.<body>`, keyed with the base64 part of a whsec_ secret.
  "standard-webhooks": {
    scheme: "standard-webhooks",
    algorithm: "sha256",
    encoding: "base64",
    headers: ["webhook-signature", "svix-signature"],
    format: { kind: "versioned", version: "v1" },
    signed: ["id", { text: "." }, "timestamp", { text: "." }, "body"],
    timestampHeaders: ["webhook-timestamp", "svix-timestamp"],
    signedIdHeaders: ["webhook-id", "svix-id"],
    ids: { headers: ["webhook-id", "svix-id"] },
    defaultToleranceSeconds: 300,
  },
};

/**
 * How long senders resend a delivery, where that is longer than a day: Stripe retries for up to three
 * days, Svix (and so Standard Webhooks senders) for about 28 hours, GitHub lets a delivery of the past
 * three days be redelivered by hand. The delivery-id window is at least this long.
 */
export const RETRY_HORIZON_SECONDS: Partial<Record<VerifyScheme, number>> = {
  stripe: 3 * 86_400,
  github: 3 * 86_400,
  "standard-webhooks": 28 * 3_600,
};

/**
 * Schemes whose signature (or token) covers the body only: neither a time nor the delivery id is
 * signed, so a captured delivery could be sent again under a fresh id. (GitLab's Signing token signs
 * both; its token does not.)
 */
export const BODY_ONLY: readonly VerifyScheme[] = [
  "github",
  "gitlab",
  "meta",
  "pagerduty",
  "sentry",
  "shopify",
];

/** The spec of a provider scheme with a mapping's tolerance and delivery-id overrides. */
export function providerSpec(
  scheme: VerifyScheme,
  overrides: { toleranceSeconds?: number; idHeader?: string; idField?: string },
): HmacSpec | undefined {
  const p = PROVIDERS[scheme];
  if (!p) return undefined;
  const { defaultToleranceSeconds, ...spec } = p;
  const tolerance = overrides.toleranceSeconds ?? defaultToleranceSeconds;
  return {
    ...spec,
    ids: idSource(spec.ids, overrides),
    ...(tolerance !== undefined && { toleranceSeconds: tolerance }),
  };
}

/** A mapping's idHeader / idField replace the scheme's delivery id source. */
export function idSource(
  scheme: HmacSpec["ids"],
  overrides: { idHeader?: string; idField?: string },
): HmacSpec["ids"] {
  if (overrides.idHeader !== undefined) return { headers: [overrides.idHeader.toLowerCase()] };
  if (overrides.idField !== undefined) return { headers: NONE, field: overrides.idField };
  return scheme;
}
