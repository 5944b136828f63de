// Signing a request the way a sender would, from a verify block: what `hookgate sign` prints so a
// rule author can test a mapping end to end with curl, and what the tests send.
import type { MappingVerify } from "../../types/generated.js";
import { decodedSecrets, genericSpec, secretList, standardWebhookKeys, type VerifyIssue } from "./compile.js";
import { ed25519PrivateKey, ed25519Sign } from "./ed25519.js";
import { gitlabSigned, isGitlabSigningToken } from "./gitlab.js";
import { hmacSign } from "./hmac.js";
import { providerSpec } from "./providers.js";
import { twilioSign } from "./twilio.js";

export interface SignInput {
  body: Buffer;
  /** Signing time, Unix seconds. */
  timestamp: number;
  /** The delivery id to send, for schemes that send one. */
  id: string;
  /** twilio: the full URL the sender posts to. */
  url?: string;
  /** twilio: the body is a form. */
  form?: boolean;
}

/**
 * The headers a sender of `cfg.scheme` sends for this body, signed with the first secret (for ed25519
 * the secret is the private key's 32-byte seed in hex). Undefined after reporting a problem.
 */
export function signRequest(
  cfg: MappingVerify,
  input: SignInput,
  issue: VerifyIssue,
): Record<string, string> | undefined {
  const secrets = secretList(cfg, issue);
  if (!secrets) return undefined;
  const secret = secrets[0]!;
  const at = { timestamp: String(input.timestamp), id: input.id };
  switch (cfg.scheme) {
    case "gitlab": {
      if (!isGitlabSigningToken(secret)) return { "x-gitlab-token": secret, "idempotency-key": input.id };
      // GitLab 19's Signing token: the webhook-id is the Idempotency-Key.
      const keys = standardWebhookKeys([secret], cfg, issue);
      const spec = gitlabSigned(undefined, { headers: ["idempotency-key"] });
      return keys && { ...hmacSign(spec, keys[0]!, input.body, at), "idempotency-key": input.id };
    }
    case "header":
      if (cfg.header === undefined) return void issue("header", "scheme header needs the header's name");
      return { [cfg.header.toLowerCase()]: secret };
    case "basic":
      if (cfg.username === undefined) return void issue("username", "scheme basic needs a username");
      return { authorization: `Basic ${Buffer.from(`${cfg.username}:${secret}`).toString("base64")}` };
    case "twilio":
      if (input.url === undefined) return void issue("url", "twilio signs the full URL: give it");
      return twilioSign(Buffer.from(secret, "utf8"), input.url, input.body, input.form === true);
    case "ed25519":
      try {
        return ed25519Sign(ed25519PrivateKey(secret), input.body, at.timestamp);
      } catch (err) {
        return void issue("secret", (err as Error).message);
      }
    case "standard-webhooks": {
      const keys = standardWebhookKeys([secret], cfg, issue);
      return keys && hmacSign(providerSpec(cfg.scheme, {})!, keys[0]!, input.body, at);
    }
    case "hmac": {
      const spec = genericSpec(cfg, issue);
      const keys = decodedSecrets([secret], cfg, issue);
      return spec && keys ? hmacSign(spec, keys[0]!, input.body, at) : undefined;
    }
    default:
      return hmacSign(providerSpec(cfg.scheme, {})!, Buffer.from(secret, "utf8"), input.body, at);
  }
}
