// Providers' endpoint handshakes, declared on a mapping as `challenge: {kind}` and answered by
// hookgate itself: Slack's url_verification, Zoom's endpoint.url_validation and Discord's PING arrive
// signed and are answered after the mapping's verify passed; Meta's GET subscription check carries
// its own verify token. Nothing of a handshake reaches the rules.

import { createHmac } from "node:crypto";
import { secretMatcher } from "../../core/digest.js";
import type { ErrorCode } from "../../core/errors.js";
import { isObject } from "../../core/is-object.js";
import type { MappingChallenge, MappingVerify } from "../../types/generated.js";
import type { VerifyIssue } from "./compile.js";

export type CompiledChallenge =
  | { kind: "slack" }
  | { kind: "discord" }
  | { kind: "zoom"; secret: string }
  | { kind: "meta"; matches: (presented: string) => boolean };

export interface HandshakeAnswer {
  contentType: "application/json; charset=utf-8" | "text/plain; charset=utf-8";
  body: string;
}

/** The verify scheme each signed handshake comes with. */
const SCHEME_OF: Record<Exclude<MappingChallenge["kind"], "meta">, MappingVerify["scheme"]> = {
  slack: "slack",
  zoom: "zoom",
  discord: "ed25519",
};

/** Longest challenge echoed back (providers send short random strings). */
const MAX_CHALLENGE = 1024;

/** Compiled once at load; undefined after reporting a problem (`challenge.<field>`). */
export function compileChallenge(
  ch: MappingChallenge,
  verify: MappingVerify | undefined,
  issue: VerifyIssue,
): CompiledChallenge | undefined {
  if (ch.kind === "meta") {
    const token = ch.verifyToken?.trim();
    if (!token) {
      return void issue(
        "verifyToken",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the message shows config syntax.
        "required for meta: the Verify token entered at Meta, e.g. ${META_VERIFY_TOKEN}",
      );
    }
    if (!verify) {
      return void issue(
        "kind",
        "Meta's deliveries cannot send the hook token: add verify: {scheme: meta, secret: <the app secret>} to this mapping",
      );
    }
    const matches = secretMatcher(token);
    return { kind: "meta", matches: (presented) => matches(presented) };
  }
  if (ch.verifyToken !== undefined) return void issue("verifyToken", "applies to kind meta only; remove it");
  const scheme = SCHEME_OF[ch.kind];
  if (verify?.scheme !== scheme) {
    return void issue(
      "kind",
      `the ${ch.kind} handshake arrives signed: this mapping needs verify with scheme ${scheme}`,
    );
  }
  if (ch.kind === "zoom") {
    const secret = (verify.secrets?.[0] ?? verify.secret ?? "").trim();
    return { kind: "zoom", secret };
  }
  return { kind: ch.kind };
}

const short = (v: unknown): v is string => typeof v === "string" && v.length > 0 && v.length <= MAX_CHALLENGE;

/** The answer to a signed POST handshake, or undefined when the payload is not one. */
export function handshakeAnswer(ch: CompiledChallenge, payload: unknown): HandshakeAnswer | undefined {
  if (!isObject(payload)) return undefined;
  const json = (value: unknown): HandshakeAnswer => ({
    contentType: "application/json; charset=utf-8",
    body: JSON.stringify(value),
  });
  switch (ch.kind) {
    case "slack":
      return payload["type"] === "url_verification" && short(payload["challenge"])
        ? json({ challenge: payload["challenge"] })
        : undefined;
    case "discord":
      return payload["type"] === 1 ? json({ type: 1 }) : undefined;
    case "zoom": {
      const plainToken = isObject(payload["payload"]) ? payload["payload"]["plainToken"] : undefined;
      if (payload["event"] !== "endpoint.url_validation" || !short(plainToken)) return undefined;
      const encryptedToken = createHmac("sha256", ch.secret).update(plainToken).digest("hex");
      return json({ plainToken, encryptedToken });
    }
    case "meta":
      return undefined;
  }
}

export type MetaVerdict =
  | { ok: true; answer: HandshakeAnswer }
  | { ok: false; code: Extract<ErrorCode, "HANDSHAKE_INVALID" | "VERIFY_TOKEN_INVALID"> };

/** Meta's subscription check: `GET ?hub.mode=subscribe&hub.verify_token=...&hub.challenge=...`. */
export function metaHandshake(
  ch: Extract<CompiledChallenge, { kind: "meta" }>,
  query: Record<string, string>,
): MetaVerdict {
  const challenge = query["hub.challenge"];
  const token = query["hub.verify_token"];
  if (query["hub.mode"] !== "subscribe" || !short(challenge) || token === undefined) {
    return { ok: false, code: "HANDSHAKE_INVALID" };
  }
  if (!ch.matches(token)) return { ok: false, code: "VERIFY_TOKEN_INVALID" };
  return { ok: true, answer: { contentType: "text/plain; charset=utf-8", body: challenge } };
}
