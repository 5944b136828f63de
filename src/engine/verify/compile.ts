// A mapping's `verify` compiled once at load: secrets trimmed and decoded, keys imported, the
// scheme's spec fixed. Every problem names the field and the fix, and never shows a secret.

import type { KeyObject } from "node:crypto";
import { HEADER_CANNOT_CARRY, headerCannotCarry } from "../../core/header-value.js";
import type { MappingVerify } from "../../types/generated.js";
import { ed25519PublicKey, ed25519Verifier } from "./ed25519.js";
import { gitlabSigned, gitlabVerifier, isGitlabSigningToken } from "./gitlab.js";
import { type HmacSpec, hmacVerifier, type SignedPart } from "./hmac.js";
import { BODY_ONLY, idSource, PROVIDERS, providerSpec, RETRY_HORIZON_SECONDS } from "./providers.js";
import { basicVerifier, headerSecretVerifier } from "./shared-secret.js";
import { standardWebhooksPublicKey, standardWebhooksVerifier } from "./standard-webhooks.js";
import { twilioVerifier } from "./twilio.js";
import type { Verifier, VerifyScheme } from "./types.js";

/** Reports a problem with one field of the verify block (`verify.<field>`). */
export type VerifyIssue = (field: string, message: string) => void;

export interface VerifyContext {
  /** server.publicUrl, for twilio. */
  publicUrl?: string;
}

/** Keys that only some schemes read; any other scheme refuses them, so a typo of scheme shows. */
const ONLY_FOR: Partial<Record<keyof MappingVerify, readonly VerifyScheme[]>> = {
  username: ["basic"],
  header: ["header", "hmac"],
  algorithm: ["hmac"],
  encoding: ["hmac"],
  prefix: ["hmac"],
  signed: ["hmac"],
  secretEncoding: ["hmac"],
  timestampHeader: ["hmac"],
  publicKey: ["standard-webhooks"],
  publicKeys: ["standard-webhooks"],
};

/** Schemes whose signature covers a time (toleranceSeconds applies); hmac only with timestampHeader. */
const TIMED: readonly VerifyScheme[] = [
  "stripe",
  "slack",
  "standard-webhooks",
  "zoom",
  "linear",
  "ed25519",
  // GitLab 19's signing token signs a time; the secret token does not.
  "gitlab",
];

const DEFAULT_TOLERANCE_SECONDS = 300;

/** The verifier of a verify block, or undefined after reporting why it cannot be built. */
export function compileVerifier(
  cfg: MappingVerify,
  ctx: VerifyContext,
  issue: VerifyIssue,
): Verifier | undefined {
  const verifier = schemeVerifier(cfg, ctx, issue);
  if (!verifier) return undefined;
  const horizon = RETRY_HORIZON_SECONDS[cfg.scheme];
  return {
    ...verifier,
    ...(horizon !== undefined && { retryHorizonSeconds: horizon }),
    ...(cfg.idempotencyTtlSeconds !== undefined && { idempotencyTtlSeconds: cfg.idempotencyTtlSeconds }),
    ...(BODY_ONLY.includes(cfg.scheme) && { bodyOnly: true }),
  };
}

/** Schemes whose sender presents the secret itself in a header (gitlab: X-Gitlab-Token). */
const IN_A_HEADER: readonly VerifyScheme[] = ["header", "basic", "gitlab"];

function schemeVerifier(cfg: MappingVerify, ctx: VerifyContext, issue: VerifyIssue): Verifier | undefined {
  const { scheme } = cfg;
  let ok = true;
  const fail = (field: string, message: string) => {
    ok = false;
    issue(field, message);
  };
  for (const [key, schemes] of Object.entries(ONLY_FOR) as [keyof MappingVerify, VerifyScheme[]][]) {
    if (cfg[key] !== undefined && !schemes.includes(scheme)) {
      fail(key, `${key} applies to scheme ${schemes.join(" or ")} only; remove it for scheme ${scheme}`);
    }
  }
  if (cfg.toleranceSeconds !== undefined && !TIMED.includes(scheme) && scheme !== "hmac") {
    fail(
      "toleranceSeconds",
      `scheme ${scheme} signs no timestamp, so toleranceSeconds does not apply; remove it`,
    );
  }
  if (cfg.idHeader !== undefined && cfg.idField !== undefined) {
    fail("idField", "give idHeader or idField, not both");
  }
  const publicKeys = scheme === "standard-webhooks" ? publicKeyList(cfg, fail) : [];
  const secrets = secretList(cfg, fail, (publicKeys?.length ?? 0) > 0);
  if (secrets && IN_A_HEADER.includes(scheme)) {
    secrets.forEach((s, i) => {
      if (headerCannotCarry(s)) fail(secretField(cfg, i), HEADER_CANNOT_CARRY);
    });
  }
  if (!ok || !secrets || !publicKeys) return undefined;

  const ids = idSource({ headers: [] }, cfg);
  const overrides = {
    ...(cfg.toleranceSeconds !== undefined && { toleranceSeconds: cfg.toleranceSeconds }),
    ...(cfg.idHeader !== undefined && { idHeader: cfg.idHeader }),
    ...(cfg.idField !== undefined && { idField: cfg.idField }),
  };
  const utf8 = () => secrets.map((s) => Buffer.from(s, "utf8"));
  switch (scheme) {
    case "gitlab": {
      const gitlabIds = idSource({ headers: ["idempotency-key", "x-gitlab-event-uuid"] }, cfg);
      const signing = secrets.filter(isGitlabSigningToken);
      const token = headerSecretVerifier(
        "gitlab",
        "x-gitlab-token",
        secrets.filter((s) => !isGitlabSigningToken(s)),
        gitlabIds,
      );
      if (signing.length === 0) return token;
      const keys = standardWebhookKeys(signing, cfg, fail);
      return (
        keys && gitlabVerifier(token, hmacVerifier(gitlabSigned(overrides.toleranceSeconds, gitlabIds), keys))
      );
    }
    case "header":
      if (cfg.header === undefined) {
        return void fail(
          "header",
          "scheme header needs header: the name of the header the sender puts the secret in",
        );
      }
      return headerSecretVerifier("header", cfg.header.toLowerCase(), secrets, ids);
    case "basic":
      if (cfg.username === undefined) {
        return void fail("username", "scheme basic needs username: the user name configured at the sender");
      }
      return basicVerifier(cfg.username, secrets, ids);
    case "twilio": {
      if (ctx.publicUrl === undefined) {
        return void fail(
          "scheme",
          "Twilio signs the public URL it posts to: set server.publicUrl to the address Twilio uses (for example https://hooks.example.com)",
        );
      }
      return twilioVerifier(
        ctx.publicUrl.replace(/\/+$/, ""),
        utf8(),
        idSource({ headers: ["i-twilio-idempotency-token"] }, cfg),
      );
    }
    case "ed25519": {
      const keys: KeyObject[] = [];
      secrets.forEach((hex, i) => {
        try {
          keys.push(ed25519PublicKey(hex));
        } catch {
          fail(
            secretField(cfg, i),
            "is not an Ed25519 public key: expected 64 hex characters (Discord's Public Key)",
          );
        }
      });
      if (!ok) return undefined;
      return ed25519Verifier(
        keys,
        cfg.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
        idSource({ headers: [], field: "id" }, cfg),
      );
    }
    case "standard-webhooks": {
      const keys = standardWebhookKeys(secrets, cfg, fail);
      return keys ? standardWebhooksVerifier(providerSpec(scheme, overrides)!, keys, publicKeys) : undefined;
    }
    case "hmac": {
      const spec = genericSpec(cfg, fail);
      const keys = decodedSecrets(secrets, cfg, fail);
      return spec && keys ? hmacVerifier(spec, keys) : undefined;
    }
    default:
      if (!PROVIDERS[scheme]) return void fail("scheme", `unknown scheme ${scheme}`);
      return hmacVerifier(providerSpec(scheme, overrides)!, utf8());
  }
}

function secretField(cfg: MappingVerify, i: number): string {
  return cfg.secrets ? `secrets[${i}]` : "secret";
}

/** standard-webhooks: publicKey or publicKeys imported; an empty list when neither is given. */
function publicKeyList(cfg: MappingVerify, fail: VerifyIssue): KeyObject[] | undefined {
  if (cfg.publicKey !== undefined && cfg.publicKeys !== undefined) {
    fail("publicKeys", "give publicKey or publicKeys, not both (publicKeys: [new, old] while rotating)");
    return undefined;
  }
  const raw = cfg.publicKeys ?? (cfg.publicKey !== undefined ? [cfg.publicKey] : []);
  const keys: KeyObject[] = [];
  raw.forEach((text, i) => {
    try {
      keys.push(standardWebhooksPublicKey(text.trim()));
    } catch {
      fail(
        cfg.publicKeys ? `publicKeys[${i}]` : "publicKey",
        "is not a Standard Webhooks public key: expected whpk_ followed by the base64 of 32 bytes, as the sender shows it",
      );
    }
  });
  return keys.length === raw.length ? keys : undefined;
}

/**
 * secret or secrets, trimmed; empty ones (an environment variable set to nothing) refused. `optional`
 * when the scheme has other keys (standard-webhooks with a publicKey): then none is an empty list.
 */
export function secretList(cfg: MappingVerify, fail: VerifyIssue, optional = false): string[] | undefined {
  if (cfg.secret !== undefined && cfg.secrets !== undefined) {
    fail("secrets", "give secret or secrets, not both (secrets: [new, old] while rotating)");
    return undefined;
  }
  const raw = cfg.secrets ?? (cfg.secret !== undefined ? [cfg.secret] : undefined);
  if (raw === undefined && optional) return [];
  if (raw === undefined) {
    if (cfg.scheme === "standard-webhooks") {
      fail(
        "secret",
        "required: the sender's signing secret (secret: whsec_...) for v1 signatures, or its public key (publicKey: whpk_...) for v1a",
      );
      return undefined;
    }
    const what = cfg.scheme === "ed25519" ? "the sender's public key" : "the secret configured at the sender";
    fail("secret", `required: ${what}, for example secret: \${MY_WEBHOOK_SECRET}`);
    return undefined;
  }
  const out: string[] = [];
  raw.forEach((s, i) => {
    const t = s.trim();
    if (t === "")
      fail(
        secretField(cfg, i),
        "is empty (an environment variable set to nothing?); set the sender's secret",
      );
    else out.push(t);
  });
  return out.length === raw.length ? out : undefined;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Standard Webhooks secrets are `whsec_` followed by the base64 of the key. */
export function standardWebhookKeys(
  secrets: string[],
  cfg: MappingVerify,
  fail: VerifyIssue,
): Buffer[] | undefined {
  const keys: Buffer[] = [];
  secrets.forEach((s, i) => {
    const b64 = s.startsWith("whsec_") ? s.slice("whsec_".length) : s;
    if (b64 === "" || !BASE64.test(b64)) {
      fail(
        secretField(cfg, i),
        "is not a Standard Webhooks secret: expected whsec_ followed by base64, as the sender shows it",
      );
    } else {
      keys.push(Buffer.from(b64, "base64"));
    }
  });
  return keys.length === secrets.length ? keys : undefined;
}

export function decodedSecrets(
  secrets: string[],
  cfg: MappingVerify,
  fail: VerifyIssue,
): Buffer[] | undefined {
  const encoding = cfg.secretEncoding ?? "utf8";
  const keys: Buffer[] = [];
  secrets.forEach((s, i) => {
    const valid =
      encoding === "utf8" ||
      (encoding === "hex" && /^(?:[0-9a-fA-F]{2})+$/.test(s)) ||
      (encoding === "base64" && BASE64.test(s));
    if (valid) keys.push(Buffer.from(s, encoding));
    else fail(secretField(cfg, i), `is not ${encoding} (secretEncoding: ${encoding})`);
  });
  return keys.length === secrets.length ? keys : undefined;
}

/** The generic hmac scheme: its signed content parsed once into pieces. */
export function genericSpec(cfg: MappingVerify, fail: VerifyIssue): HmacSpec | undefined {
  if (cfg.header === undefined) {
    fail("header", "scheme hmac needs header: the name of the header that carries the signature");
    return undefined;
  }
  const source = cfg.signed ?? "{{body}}";
  const signed: SignedPart[] = [];
  let at = 0;
  for (const m of source.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)) {
    if (m.index > at) signed.push({ text: source.slice(at, m.index) });
    const name = m[1];
    if (name !== "body" && name !== "timestamp" && name !== "id") {
      fail("signed", `{{${name}}} is not a part of a request; use {{body}}, {{timestamp}} and {{id}}`);
      return undefined;
    }
    signed.push(name);
    at = m.index + m[0].length;
  }
  if (at < source.length) signed.push({ text: source.slice(at) });
  if (!signed.includes("body")) {
    fail("signed", "must include {{body}}: a signature that does not cover the body proves nothing about it");
    return undefined;
  }
  if (signed.includes("timestamp") && cfg.timestampHeader === undefined) {
    fail("timestampHeader", "signed uses {{timestamp}}: set timestampHeader to the header that carries it");
    return undefined;
  }
  if (cfg.timestampHeader !== undefined && !signed.includes("timestamp")) {
    // The age check would then trust a header the signature does not cover: anyone replaying a
    // delivery could set it to now.
    fail(
      "timestampHeader",
      'the signature does not cover this header, so its age check proves nothing: add {{timestamp}} to signed (for example "{{timestamp}}.{{body}}", as the sender signs it), or remove timestampHeader',
    );
    return undefined;
  }
  if (signed.includes("id") && cfg.idHeader === undefined) {
    fail("idHeader", "signed uses {{id}}: set idHeader to the header that carries it");
    return undefined;
  }
  if (cfg.toleranceSeconds !== undefined && cfg.timestampHeader === undefined) {
    fail("toleranceSeconds", "needs timestampHeader: the header with the signing time");
    return undefined;
  }
  const timestampHeader = cfg.timestampHeader?.toLowerCase();
  const idHeader = cfg.idHeader?.toLowerCase();
  return {
    scheme: "hmac",
    algorithm: cfg.algorithm ?? "sha256",
    encoding: cfg.encoding ?? "hex",
    headers: [cfg.header.toLowerCase()],
    format: { kind: "prefixed", prefix: cfg.prefix ?? "" },
    signed,
    timestampHeaders: timestampHeader ? [timestampHeader] : [],
    signedIdHeaders: idHeader ? [idHeader] : [],
    ids: idSource({ headers: [] }, cfg),
    ...(timestampHeader !== undefined && {
      toleranceSeconds: cfg.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS,
    }),
  };
}
