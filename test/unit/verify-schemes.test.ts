// Every verify scheme against the providers' published examples where they publish one, and against
// signatures computed here from each provider's documented formula (not by hookgate's own signer).
import { createHash, createHmac, createPublicKey, generateKeyPairSync, sign, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ed25519PrivateKey, ed25519PublicKey } from "../../src/engine/verify/ed25519.js";
import { signRequest } from "../../src/engine/verify/sign.js";
import type { MappingVerify } from "../../src/types/generated.js";
import { NOW, problemsOf, request, verifierOf } from "./verify-helpers.js";

const hmac = (alg: string, key: string | Buffer, data: string | Buffer) =>
  createHmac(alg, key).update(data).digest();
const hex256 = (key: string | Buffer, data: string | Buffer) => hmac("sha256", key, data).toString("hex");
const b64_256 = (key: string | Buffer, data: string | Buffer) => hmac("sha256", key, data).toString("base64");

function signed(
  cfg: MappingVerify,
  body: string,
  at: { timestamp?: number; id?: string; url?: string; form?: boolean } = {},
) {
  const problems: string[] = [];
  const headers = signRequest(
    cfg,
    { body: Buffer.from(body), timestamp: at.timestamp ?? NOW, id: at.id ?? "id-1", ...at },
    (f, m) => problems.push(`${f}: ${m}`),
  );
  if (!headers) throw new Error(problems.join("; "));
  return headers;
}

describe("known answers from the providers' documentation", () => {
  it("GitHub: the secret, payload and sha256= value of GitHub's docs", () => {
    const v = verifierOf({ scheme: "github", secret: "It's a Secret to Everybody" });
    const sig = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17";
    expect(v.verify(request("Hello, World!", { "x-hub-signature-256": sig }))).toEqual({
      ok: true,
      verified: { scheme: "github" },
    });
    expect(signed({ scheme: "github", secret: "It's a Secret to Everybody" }, "Hello, World!")).toMatchObject(
      {
        "x-hub-signature-256": sig,
      },
    );
  });

  it("Slack: the signing secret, timestamp and slash-command body of Slack's docs", () => {
    const body =
      "token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
    const headers = {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": "1531420618",
      "x-slack-signature": "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503",
    };
    const v = verifierOf({ scheme: "slack", secret: "8f742231b10e8888abcd99yyyzzz85a5" });
    expect(v.verify(request(body, headers, { now: 1531420618 + 10 }))).toEqual({
      ok: true,
      verified: { scheme: "slack", timestamp: 1531420618 },
    });
    // The same request five minutes and one second later is a replay.
    expect(v.verify(request(body, headers, { now: 1531420618 + 301 }))).toEqual({
      ok: false,
      failure: "stale",
    });
  });

  it("Standard Webhooks: the secret, id, timestamp, body and v1 signature of the specification", () => {
    const v = verifierOf({ scheme: "standard-webhooks", secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" });
    const body = '{"test": 2432232314}';
    const headers = {
      "webhook-id": "msg_p5jXN8AQM9LWM0D4loKWxJek",
      "webhook-timestamp": "1614265330",
      "webhook-signature": "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    };
    expect(v.verify(request(body, headers, { now: 1614265330 }))).toEqual({
      ok: true,
      verified: { scheme: "standard-webhooks", id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1614265330 },
    });
    // Svix, where the format comes from, sends the same under svix-* names.
    const svix = {
      "svix-id": headers["webhook-id"],
      "svix-timestamp": headers["webhook-timestamp"],
      "svix-signature": headers["webhook-signature"],
    };
    expect(v.verify(request(body, svix, { now: 1614265330 })).ok).toBe(true);
  });

  it("Twilio: the auth token, URL and call parameters of Twilio's docs and of its SDK's tests", () => {
    const v = verifierOf({ scheme: "twilio", secret: "12345" }, { publicUrl: "https://mycompany.com" });
    const url = "/myapp.php?foo=1&bar=2";
    for (const [caller, sig] of [
      ["+14158675309", "RSOYDt4T1cUTdK1PDd93/VVr8B8="],
      ["+14158675310", "GvWf1cFY/Q7PnoempGyD5oXAezc="],
    ] as const) {
      const form = new URLSearchParams({
        CallSid: "CA1234567890ABCDE",
        Caller: caller,
        Digits: "1234",
        From: caller,
        To: "+18005551212",
      });
      const headers = { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sig };
      expect(v.verify(request(form.toString(), headers, { url })).ok).toBe(true);
      form.set("Digits", "1235");
      expect(v.verify(request(form.toString(), headers, { url }))).toEqual({ ok: false, failure: "invalid" });
    }
  });

  it("Ed25519: RFC 8032 test 2 (the key import and the signature primitive Discord's scheme uses)", () => {
    const seed = "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb";
    const pub = "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c";
    const sig =
      "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00";
    const message = Buffer.from("72", "hex");
    expect(verify(null, message, ed25519PublicKey(pub), Buffer.from(sig, "hex"))).toBe(true);
    expect(sign(null, message, ed25519PrivateKey(seed)).toString("hex")).toBe(sig);
    const derived = createPublicKey(ed25519PrivateKey(seed)).export({ format: "der", type: "spki" });
    expect(derived.subarray(-32).toString("hex")).toBe(pub);
  });
});

/** One case per scheme: a request signed by the provider's documented formula, computed here. */
interface Case {
  cfg: MappingVerify;
  ctx?: { publicUrl?: string };
  body: string;
  headers: Record<string, string>;
  url?: string;
  verified: Record<string, unknown>;
  /** The same request with the signature or secret wrong. */
  wrong: Record<string, string>;
  /** A shared secret, not a signature: the body is not covered (the transport's TLS must protect it). */
  bodyUnsigned?: true;
  /** Which headers hookgate sign must reproduce exactly. */
  signs?: { headers: string[]; at?: { id?: string; url?: string; form?: boolean } };
}

const key = Buffer.from("0123456789abcdef0123456789abcdef");
const ed = generateKeyPairSync("ed25519");
const edPublic = ed.publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex");
const edSeed = ed.privateKey.export({ format: "der", type: "pkcs8" }).subarray(-32).toString("hex");

const cases: Record<string, Case> = {
  github: {
    cfg: { scheme: "github", secret: "gh-secret" },
    body: '{"action":"opened"}',
    headers: {
      "x-hub-signature-256": `sha256=${hex256("gh-secret", '{"action":"opened"}')}`,
      "x-github-delivery": "72d3162e",
    },
    verified: { scheme: "github", id: "72d3162e" },
    wrong: { "x-hub-signature-256": `sha256=${hex256("other", '{"action":"opened"}')}` },
    signs: { headers: ["x-hub-signature-256"] },
  },
  meta: {
    cfg: { scheme: "meta", secret: "app-secret" },
    body: '{"object":"whatsapp_business_account"}',
    headers: {
      "x-hub-signature-256": `sha256=${hex256("app-secret", '{"object":"whatsapp_business_account"}')}`,
    },
    verified: { scheme: "meta" },
    wrong: { "x-hub-signature-256": "sha256=00" },
    signs: { headers: ["x-hub-signature-256"] },
  },
  gitlab: {
    cfg: { scheme: "gitlab", secret: "gl-token" },
    body: '{"object_kind":"push"}',
    headers: { "x-gitlab-token": "gl-token", "idempotency-key": "908a6d9e" },
    verified: { scheme: "gitlab", id: "908a6d9e" },
    bodyUnsigned: true,
    wrong: { "x-gitlab-token": "gl-tokem" },
  },
  stripe: {
    cfg: { scheme: "stripe", secret: "whsec_stripe" },
    body: '{"id":"evt_1","type":"invoice.paid"}',
    headers: {
      // Stripe lists one v1 per active secret; any one matching is enough.
      "stripe-signature": `t=${NOW},v1=${hex256("whsec_old", `${NOW}.{"id":"evt_1","type":"invoice.paid"}`)},v1=${hex256("whsec_stripe", `${NOW}.{"id":"evt_1","type":"invoice.paid"}`)}`,
    },
    verified: { scheme: "stripe", id: "evt_1", timestamp: NOW },
    wrong: {
      "stripe-signature": `t=${NOW + 1},v1=${hex256("whsec_stripe", `${NOW}.{"id":"evt_1","type":"invoice.paid"}`)}`,
    },
  },
  slack: {
    cfg: { scheme: "slack", secret: "slack-secret" },
    body: '{"type":"event_callback","event_id":"Ev08"}',
    headers: {
      "x-slack-request-timestamp": String(NOW),
      "x-slack-signature": `v0=${hex256("slack-secret", `v0:${NOW}:{"type":"event_callback","event_id":"Ev08"}`)}`,
    },
    verified: { scheme: "slack", id: "Ev08", timestamp: NOW },
    wrong: { "x-slack-signature": `v0=${hex256("slack-secret", `v0:${NOW}:{}`)}` },
    signs: { headers: ["x-slack-signature", "x-slack-request-timestamp"] },
  },
  zoom: {
    cfg: { scheme: "zoom", secret: "zoom-secret" },
    body: '{"event":"meeting.started"}',
    headers: {
      "x-zm-request-timestamp": String(NOW),
      "x-zm-signature": `v0=${hex256("zoom-secret", `v0:${NOW}:{"event":"meeting.started"}`)}`,
    },
    verified: { scheme: "zoom", timestamp: NOW },
    wrong: { "x-zm-request-timestamp": String(NOW - 1) },
    signs: { headers: ["x-zm-signature", "x-zm-request-timestamp"] },
  },
  "standard-webhooks": {
    cfg: { scheme: "standard-webhooks", secret: `whsec_${key.toString("base64")}` },
    body: '{"type":"user.created"}',
    headers: {
      "webhook-id": "msg_2",
      "webhook-timestamp": String(NOW),
      "webhook-signature": `v1,${b64_256(Buffer.from("other"), "x")} v1,${b64_256(key, `msg_2.${NOW}.{"type":"user.created"}`)}`,
    },
    verified: { scheme: "standard-webhooks", id: "msg_2", timestamp: NOW },
    wrong: { "webhook-id": "msg_3" },
  },
  shopify: {
    cfg: { scheme: "shopify", secret: "shpss" },
    body: '{"id":820982911946154508}',
    headers: {
      "x-shopify-hmac-sha256": b64_256("shpss", '{"id":820982911946154508}'),
      "x-shopify-event-id": "98880550-7158-44d4-b7cd-2c97c8a091b5",
      "x-shopify-webhook-id": "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043",
    },
    verified: { scheme: "shopify", id: "98880550-7158-44d4-b7cd-2c97c8a091b5" },
    wrong: { "x-shopify-hmac-sha256": b64_256("shpsS", '{"id":820982911946154508}') },
    signs: { headers: ["x-shopify-hmac-sha256"] },
  },
  linear: {
    cfg: { scheme: "linear", secret: "lin_wh" },
    body: `{"action":"create","webhookTimestamp":${NOW * 1000 + 250}}`,
    headers: {
      "linear-signature": hex256("lin_wh", `{"action":"create","webhookTimestamp":${NOW * 1000 + 250}}`),
      "linear-delivery": "234d1a4e",
    },
    verified: { scheme: "linear", id: "234d1a4e", timestamp: NOW },
    wrong: { "linear-signature": hex256("lin_wh", "{}") },
    signs: { headers: ["linear-signature"] },
  },
  sentry: {
    cfg: { scheme: "sentry", secret: "client-secret" },
    body: '{"action":"created"}',
    headers: {
      "sentry-hook-signature": hex256("client-secret", '{"action":"created"}'),
      "request-id": "r-9",
    },
    verified: { scheme: "sentry", id: "r-9" },
    wrong: { "sentry-hook-signature": hex256("client-secreT", '{"action":"created"}') },
    signs: { headers: ["sentry-hook-signature"] },
  },
  pagerduty: {
    cfg: { scheme: "pagerduty", secret: "pd-secret" },
    body: '{"event":{"id":"01BZ"}}',
    headers: {
      "x-pagerduty-signature": `v1=${hex256("pd-old", '{"event":{"id":"01BZ"}}')},v1=${hex256("pd-secret", '{"event":{"id":"01BZ"}}')}`,
      "x-webhook-id": "wh-5",
    },
    verified: { scheme: "pagerduty", id: "wh-5" },
    wrong: { "x-pagerduty-signature": `v1=${hex256("pd-old", '{"event":{"id":"01BZ"}}')}` },
  },
  twilio: {
    cfg: { scheme: "twilio", secret: "auth-token" },
    ctx: { publicUrl: "https://hooks.example.com" },
    url: "/hooks/sms?x=1",
    body: "To=%2B15005550006&From=%2B15551234567&Body=Hello+there&Body=again",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": hmac(
        "sha1",
        "auth-token",
        "https://hooks.example.com/hooks/sms?x=1BodyHello thereBodyagainFrom+15551234567To+15005550006",
      ).toString("base64"),
      "i-twilio-idempotency-token": "idem-7",
    },
    verified: { scheme: "twilio", id: "idem-7" },
    wrong: {
      "x-twilio-signature": hmac("sha1", "auth-token", "https://hooks.example.com/hooks/sms?x=1").toString(
        "base64",
      ),
    },
    signs: {
      headers: ["x-twilio-signature"],
      at: { url: "https://hooks.example.com/hooks/sms?x=1", form: true },
    },
  },
  ed25519: {
    cfg: { scheme: "ed25519", secret: edPublic },
    body: '{"id":"1234","type":2}',
    headers: {
      "x-signature-timestamp": String(NOW),
      "x-signature-ed25519": sign(null, Buffer.from(`${NOW}{"id":"1234","type":2}`), ed.privateKey).toString(
        "hex",
      ),
    },
    verified: { scheme: "ed25519", id: "1234", timestamp: NOW },
    wrong: { "x-signature-timestamp": String(NOW + 1) },
  },
  header: {
    cfg: {
      scheme: "header",
      header: "X-Telegram-Bot-Api-Secret-Token",
      secret: "tg-secret",
      idField: "update_id",
    },
    body: '{"update_id":42,"message":{"text":"hi"}}',
    headers: { "x-telegram-bot-api-secret-token": "tg-secret" },
    verified: { scheme: "header", id: "42" },
    bodyUnsigned: true,
    wrong: { "x-telegram-bot-api-secret-token": "tg-secreT" },
  },
  basic: {
    cfg: { scheme: "basic", username: "grafana", secret: "pw" },
    body: '{"status":"firing"}',
    headers: { authorization: `Basic ${Buffer.from("grafana:pw").toString("base64")}` },
    verified: { scheme: "basic" },
    bodyUnsigned: true,
    wrong: { authorization: `Basic ${Buffer.from("grafanA:pw").toString("base64")}` },
  },
  hmac: {
    cfg: {
      scheme: "hmac",
      secret: "deploy",
      header: "X-Sig",
      algorithm: "sha512",
      encoding: "base64",
      prefix: "sig=",
      signed: "{{id}}:{{timestamp}}.{{body}}",
      timestampHeader: "X-Ts",
      idHeader: "X-Id",
    },
    body: '{"ref":"main"}',
    headers: {
      "x-sig": `sig=${hmac("sha512", "deploy", `d-1:${NOW}.{"ref":"main"}`).toString("base64")}`,
      "x-ts": String(NOW),
      "x-id": "d-1",
    },
    verified: { scheme: "hmac", id: "d-1", timestamp: NOW },
    wrong: { "x-id": "d-2" },
    signs: { headers: ["x-sig"], at: { id: "d-1" } },
  },
};

describe("each scheme, signed as its provider documents", () => {
  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: verifies, gives the delivery id and signed time, refuses a wrong signature or secret`, () => {
      const v = verifierOf(c.cfg, c.ctx);
      const opts = c.url ? { url: c.url } : {};
      expect(v.present(c.headers)).toBe(true);
      expect(v.verify(request(c.body, c.headers, opts))).toEqual({ ok: true, verified: c.verified });
      expect(v.verify(request(c.body, { ...c.headers, ...c.wrong }, opts))).toEqual({
        ok: false,
        failure: "invalid",
      });
      // One byte of the body changed (its last character): a signature no longer matches.
      const tampered = `${c.body.slice(0, -1)}${c.body.endsWith("}") ? " " : "x"}`;
      expect(v.verify(request(tampered, c.headers, opts)).ok).toBe(c.bodyUnsigned === true);
      // Without the signature (or secret) header at all.
      const without = Object.fromEntries(
        Object.entries(c.headers).filter(([h]) => !v.secretHeaders.includes(h)),
      );
      expect(v.present(without)).toBe(false);
      expect(v.verify(request(c.body, without, opts))).toEqual({ ok: false, failure: "missing" });
    });
    if (c.signs) {
      it(`${name}: hookgate sign writes the same headers as the formula`, () => {
        const headers = signed(c.cfg, c.body, { id: c.verified["id"] as string, ...c.signs!.at });
        for (const h of c.signs!.headers) expect(headers[h], h).toBe(c.headers[h]);
      });
    }
  }

  it("stripe: a signature older than the tolerance is stale; toleranceSeconds widens it", () => {
    const body = '{"id":"evt_2"}';
    const t = NOW - 600;
    const headers = { "stripe-signature": `t=${t},v1=${hex256("s", `${t}.${body}`)}` };
    expect(verifierOf({ scheme: "stripe", secret: "s" }).verify(request(body, headers))).toEqual({
      ok: false,
      failure: "stale",
    });
    const wide = verifierOf({ scheme: "stripe", secret: "s", toleranceSeconds: 900 });
    expect(wide.verify(request(body, headers))).toMatchObject({
      ok: true,
      verified: { id: "evt_2", timestamp: t },
    });
    // A time in the future is judged the same way.
    const ahead = NOW + 600;
    const future = { "stripe-signature": `t=${ahead},v1=${hex256("s", `${ahead}.${body}`)}` };
    expect(verifierOf({ scheme: "stripe", secret: "s" }).verify(request(body, future)).ok).toBe(false);
  });

  it("stale is said only of a matching signature: a wrong one that is also old is invalid", () => {
    const t = NOW - 3600;
    const headers = {
      "x-slack-request-timestamp": String(t),
      "x-slack-signature": `v0=${hex256("nope", `v0:${t}:{}`)}`,
    };
    expect(verifierOf({ scheme: "slack", secret: "s" }).verify(request("{}", headers))).toEqual({
      ok: false,
      failure: "invalid",
    });
  });

  it("linear: a body whose webhookTimestamp is more than a minute off is stale", () => {
    const body = `{"webhookTimestamp":${(NOW - 61) * 1000}}`;
    const v = verifierOf({ scheme: "linear", secret: "k" });
    expect(v.verify(request(body, { "linear-signature": hex256("k", body) }))).toEqual({
      ok: false,
      failure: "stale",
    });
  });

  it("rotation: a request signed with any secret of the list verifies", () => {
    const v = verifierOf({ scheme: "github", secrets: ["new", "old"] });
    for (const s of ["new", "old"]) {
      expect(v.verify(request("{}", { "x-hub-signature-256": `sha256=${hex256(s, "{}")}` })).ok).toBe(true);
    }
    expect(v.verify(request("{}", { "x-hub-signature-256": `sha256=${hex256("older", "{}")}` })).ok).toBe(
      false,
    );
  });

  it("twilio: a JSON body is covered by the bodySHA256 of the signed URL", () => {
    const body = '{"MessageSid":"SM1"}';
    const url = `/hooks/sms?bodySHA256=${createHash("sha256").update(body).digest("hex")}`;
    const sig = hmac("sha1", "tok", `https://h.example${url}`).toString("base64");
    const v = verifierOf({ scheme: "twilio", secret: "tok" }, { publicUrl: "https://h.example/" });
    const headers = { "content-type": "application/json", "x-twilio-signature": sig };
    expect(v.verify(request(body, headers, { url })).ok).toBe(true);
    expect(v.verify(request('{"MessageSid":"SM2"}', headers, { url }))).toEqual({
      ok: false,
      failure: "invalid",
    });
  });

  it("twilio: distinct values of a repeated field are signed once each; an identical copy is refused", () => {
    // Twilio's validators sort a repeated field's distinct values and sign each once.
    const v = verifierOf({ scheme: "twilio", secret: "tok" }, { publicUrl: "https://h.example" });
    const url = "/hooks/sms";
    const sig = hmac("sha1", "tok", "https://h.example/hooks/smsBodyhiToa@xTob@x").toString("base64");
    const headers = { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sig };
    expect(v.verify(request("To=b%40x&Body=hi&To=a%40x", headers, { url })).ok).toBe(true);
    // The same signature covers a copy of a signed pair, which would turn `Body` into a list for rules.
    for (const body of ["To=b%40x&Body=hi&To=a%40x&Body=hi", "To=b%40x&Body=hi&To=a%40x&To=a%40x"]) {
      expect(v.verify(request(body, headers, { url }))).toEqual({ ok: false, failure: "invalid" });
    }
  });

  it("ed25519: hookgate sign's headers verify against the public key it derives", () => {
    const headers = signed({ scheme: "ed25519", secret: edSeed }, '{"type":1}');
    expect(
      verifierOf({ scheme: "ed25519", secret: edPublic }).verify(request('{"type":1}', headers)).ok,
    ).toBe(true);
  });

  it("standard-webhooks: hookgate sign's headers verify, with the id and time it was given", () => {
    const cfg: MappingVerify = { scheme: "standard-webhooks", secret: `whsec_${key.toString("base64")}` };
    const headers = signed(cfg, "{}", { id: "msg_9" });
    expect(verifierOf(cfg).verify(request("{}", headers))).toEqual({
      ok: true,
      verified: { scheme: "standard-webhooks", id: "msg_9", timestamp: NOW },
    });
  });

  it("a signature header that is not a canonical encoding of the digest never matches", () => {
    const sig = b64_256("shpss", "{}");
    const v = verifierOf({ scheme: "shopify", secret: "shpss" });
    expect(v.verify(request("{}", { "x-shopify-hmac-sha256": sig })).ok).toBe(true);
    for (const odd of [
      `${sig}x`,
      ` ${sig}!`,
      sig.replace("=", ""),
      `${sig.slice(0, -2)}${sig.at(-2) === "A" ? "B" : "A"}=`,
    ]) {
      expect(v.verify(request("{}", { "x-shopify-hmac-sha256": odd })).ok, odd).toBe(false);
    }
  });

  it("the delivery id is read only up to 256 characters", () => {
    const v = verifierOf({ scheme: "github", secret: "s" });
    const headers = {
      "x-hub-signature-256": `sha256=${hex256("s", "{}")}`,
      "x-github-delivery": "d".repeat(257),
    };
    expect(v.verify(request("{}", headers))).toEqual({ ok: true, verified: { scheme: "github" } });
  });
});

describe("a verify block that cannot work is refused at load, naming the field and never the secret", () => {
  const cases: [MappingVerify, { publicUrl?: string } | undefined, RegExp][] = [
    [{ scheme: "github" }, undefined, /verify\.secret: required: the secret configured at the sender/],
    [
      { scheme: "github", secret: "a", secrets: ["b"] },
      undefined,
      /verify\.secrets: give secret or secrets, not both/,
    ],
    [{ scheme: "github", secret: "  " }, undefined, /verify\.secret: is empty/],
    [{ scheme: "github", secrets: ["ok", ""] }, undefined, /verify\.secrets\[1\]: is empty/],
    [
      { scheme: "twilio", secret: "t" },
      undefined,
      /verify\.scheme: Twilio signs the public URL it posts to: set server\.publicUrl/,
    ],
    [
      { scheme: "standard-webhooks", secret: "whsec_not base64!" },
      undefined,
      /verify\.secret: is not a Standard Webhooks secret/,
    ],
    [{ scheme: "ed25519", secret: "abc" }, undefined, /verify\.secret: is not an Ed25519 public key/],
    [{ scheme: "basic", secret: "p" }, undefined, /verify\.username: scheme basic needs username/],
    [{ scheme: "header", secret: "p" }, undefined, /verify\.header: scheme header needs header/],
    [{ scheme: "hmac", secret: "p" }, undefined, /verify\.header: scheme hmac needs header/],
    [
      { scheme: "hmac", secret: "p", header: "x", signed: "{{timestamp}}" },
      undefined,
      /verify\.signed: must include \{\{body\}\}/,
    ],
    [
      { scheme: "hmac", secret: "p", header: "x", signed: "{{ts}}.{{body}}" },
      undefined,
      /verify\.signed: \{\{ts\}\} is not a part of a request/,
    ],
    [
      { scheme: "hmac", secret: "p", header: "x", signed: "{{timestamp}}.{{body}}" },
      undefined,
      /verify\.timestampHeader: signed uses \{\{timestamp\}\}/,
    ],
    [
      { scheme: "hmac", secret: "p", header: "x", timestampHeader: "x-ts" },
      undefined,
      /verify\.timestampHeader: the signature does not cover this header, so its age check proves nothing: add \{\{timestamp\}\} to signed/,
    ],
    [
      {
        scheme: "hmac",
        secret: "p",
        header: "x",
        signed: "{{id}}.{{body}}",
        idHeader: "x-id",
        timestampHeader: "x-ts",
        toleranceSeconds: 60,
      },
      undefined,
      /verify\.timestampHeader: the signature does not cover this header/,
    ],
    [
      { scheme: "hmac", secret: "zz", header: "x", secretEncoding: "hex" },
      undefined,
      /verify\.secret: is not hex/,
    ],
    [
      { scheme: "github", secret: "s", algorithm: "sha1" },
      undefined,
      /verify\.algorithm: algorithm applies to scheme hmac only/,
    ],
    [
      { scheme: "github", secret: "s", toleranceSeconds: 60 },
      undefined,
      /verify\.toleranceSeconds: scheme github signs no timestamp/,
    ],
    [
      { scheme: "github", secret: "s", idHeader: "a", idField: "b" },
      undefined,
      /verify\.idField: give idHeader or idField, not both/,
    ],
  ];
  for (const [cfg, ctx, want] of cases) {
    it(want.source.slice(0, 60), () => {
      const problems = problemsOf(cfg, ctx);
      expect(problems.join("\n")).toMatch(want);
      for (const s of [cfg.secret, ...(cfg.secrets ?? [])]) {
        if (s && s.trim().length > 2) expect(problems.join("\n")).not.toContain(s);
      }
    });
  }
});
