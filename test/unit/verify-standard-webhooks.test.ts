// Standard Webhooks, complete: the specification's published v1 test vectors, the official
// `standardwebhooks` package signing what hookgate verifies (and verifying what hookgate signs), v1a
// Ed25519 signatures with a key pair made here, lists of several signatures, svix-* names, tolerance
// both ways; and GitLab 19, which signs the same way only when it has a Signing token.
import { createHmac, generateKeyPairSync, type KeyObject, sign } from "node:crypto";
import fc from "fast-check";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signRequest } from "../../src/engine/verify/sign.js";
import type { MappingVerify } from "../../src/types/generated.js";
import { NOW, problemsOf, request, verifierOf } from "./verify-helpers.js";

const RUNS = { seed: 31, numRuns: 100 };

/** A fresh Ed25519 key pair: the private key signs, the public key as a sender shows it (whpk_). */
function keyPair(): { privateKey: KeyObject; whpk: string } {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  const raw = publicKey.export({ format: "der", type: "spki" }).subarray(-32);
  return { privateKey, whpk: `whpk_${raw.toString("base64")}` };
}

/** The v1a signature of id.timestamp.body, by the spec's formula. */
function v1a(privateKey: KeyObject, id: string, ts: number | string, body: string | Buffer): string {
  const message = Buffer.concat([Buffer.from(`${id}.${ts}.`), Buffer.from(body)]);
  return `v1a,${sign(null, message, privateKey).toString("base64")}`;
}

function v1(secret: string, id: string, ts: number | string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${ts}.${body}`).digest("base64")}`;
}

const headersOf = (id: string, ts: number | string, signature: string) => ({
  "webhook-id": id,
  "webhook-timestamp": String(ts),
  "webhook-signature": signature,
});

describe("the specification's published test vectors (v1)", () => {
  // From the standard-webhooks repository's libraries (the same vectors in every language).
  const vectors = [
    {
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
      id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
      ts: 1614265330,
      body: '{"test": 2432232314}',
      signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    },
    {
      secret: "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD",
      id: "msg_27UH4WbU6Z5A5EzD8u03UvzRbpk",
      ts: 1649367553,
      body: '{"email":"test@example.com","username":"test_user"}',
      signature: "v1,tZ1I4/hDygAJgO5TYxiSd6Sd0kDW6hPenDe+bTa3Kkw=",
    },
  ];

  it.each(vectors)("verifies $id, and signs it byte for byte", (t) => {
    const v = verifierOf({ scheme: "standard-webhooks", secret: t.secret });
    expect(v.verify(request(t.body, headersOf(t.id, t.ts, t.signature), { now: t.ts }))).toEqual({
      ok: true,
      verified: { scheme: "standard-webhooks", id: t.id, timestamp: t.ts },
    });
    const signed = signRequest(
      { scheme: "standard-webhooks", secret: t.secret },
      { body: Buffer.from(t.body), timestamp: t.ts, id: t.id },
      () => {},
    );
    expect(signed?.["webhook-signature"]).toBe(t.signature);
  });

  it("the library tests' list of signatures: the one valid among wrong ones and another version passes", () => {
    const t = vectors[0]!;
    const list = [
      "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
      "v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
      t.signature,
      "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
    ].join(" ");
    const v = verifierOf({ scheme: "standard-webhooks", secret: t.secret });
    expect(v.verify(request(t.body, headersOf(t.id, t.ts, list), { now: t.ts })).ok).toBe(true);
    // The wrong ones alone do not.
    const wrong = list.replace(t.signature, "");
    expect(v.verify(request(t.body, headersOf(t.id, t.ts, wrong), { now: t.ts }))).toEqual({
      ok: false,
      failure: "invalid",
    });
  });

  it("malformed items beside a valid signature change nothing", () => {
    const t = vectors[1]!;
    const v = verifierOf({ scheme: "standard-webhooks", secret: t.secret });
    for (const junk of ["garbage", "v1,", "v1,!!!not base64!!!", "v1a,c2hvcnQ=", ",,,", "v1,AAAA v1a"]) {
      const header = `${junk}  ${t.signature} ${junk}`;
      expect(v.verify(request(t.body, headersOf(t.id, t.ts, header), { now: t.ts })).ok, junk).toBe(true);
    }
  });
});

describe("the official standardwebhooks package", () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
  const body = '{"type":"invoice.paid","data":{"id":"in_1"}}';

  it("what it signs, hookgate verifies, under webhook-* and svix-* names", () => {
    const ts = Math.floor(Date.now() / 1000);
    const signature = new Webhook(secret).sign("msg_pkg", new Date(ts * 1000), body);
    const v = verifierOf({ scheme: "standard-webhooks", secret });
    const now = { now: ts };
    expect(v.verify(request(body, headersOf("msg_pkg", ts, signature), now))).toEqual({
      ok: true,
      verified: { scheme: "standard-webhooks", id: "msg_pkg", timestamp: ts },
    });
    const svix = { "svix-id": "msg_pkg", "svix-timestamp": String(ts), "svix-signature": signature };
    expect(v.verify(request(body, svix, now)).ok).toBe(true);
  });

  it("what hookgate signs (hookgate sign), the package verifies", () => {
    const ts = Math.floor(Date.now() / 1000);
    const headers = signRequest(
      { scheme: "standard-webhooks", secret },
      { body: Buffer.from(body), timestamp: ts, id: "msg_hg" },
      () => {},
    )!;
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });
});

describe("v1a: Ed25519 with whpk_ public keys", () => {
  const sender = keyPair();
  const body = '{"type":"user.created","data":{"id":"u_1"}}';

  it("a v1a signature by the configured key passes; by another key it is invalid", () => {
    const v = verifierOf({ scheme: "standard-webhooks", publicKey: sender.whpk });
    const headers = headersOf("msg_a", NOW, v1a(sender.privateKey, "msg_a", NOW, body));
    expect(v.verify(request(body, headers))).toEqual({
      ok: true,
      verified: { scheme: "standard-webhooks", id: "msg_a", timestamp: NOW },
    });
    const other = keyPair();
    const forged = headersOf("msg_a", NOW, v1a(other.privateKey, "msg_a", NOW, body));
    expect(v.verify(request(body, forged))).toEqual({ ok: false, failure: "invalid" });
    // A v1 HMAC means nothing to a verify that holds only a public key.
    const hmac = headersOf(
      "msg_a",
      NOW,
      v1(`whsec_${Buffer.alloc(32).toString("base64")}`, "msg_a", NOW, body),
    );
    expect(v.verify(request(body, hmac))).toEqual({ ok: false, failure: "invalid" });
  });

  it("publicKeys while rotating: a signature by either key passes", () => {
    const next = keyPair();
    const v = verifierOf({ scheme: "standard-webhooks", publicKeys: [next.whpk, sender.whpk] });
    for (const k of [sender, next]) {
      expect(v.verify(request(body, headersOf("m", NOW, v1a(k.privateKey, "m", NOW, body)))).ok).toBe(true);
    }
  });

  it("secret and publicKey together: a v1 or a v1a signature passes, in any order in the list", () => {
    const secret = `whsec_${Buffer.alloc(24, 3).toString("base64")}`;
    const v = verifierOf({ scheme: "standard-webhooks", secret, publicKey: sender.whpk });
    const a = v1a(sender.privateKey, "m", NOW, body);
    const h = v1(secret, "m", NOW, body);
    for (const sig of [a, h, `${a} ${h}`, `${h} ${a}`, `v1,AAAA ${a}`, `v1a,AAAA ${h}`]) {
      expect(v.verify(request(body, headersOf("m", NOW, sig))).ok, sig).toBe(true);
    }
  });

  it("the signed time is refused outside the tolerance both ways, only after the signature matched", () => {
    const v = verifierOf({ scheme: "standard-webhooks", publicKey: sender.whpk });
    for (const ts of [NOW - 301, NOW + 301]) {
      const headers = headersOf("m", ts, v1a(sender.privateKey, "m", ts, body));
      expect(v.verify(request(body, headers))).toEqual({ ok: false, failure: "stale" });
    }
    for (const ts of [NOW - 300, NOW + 300]) {
      const headers = headersOf("m", ts, v1a(sender.privateKey, "m", ts, body));
      expect(v.verify(request(body, headers)).ok).toBe(true);
    }
    const late = headersOf("m", NOW - 3600, v1a(keyPair().privateKey, "m", NOW - 3600, body));
    expect(v.verify(request(body, late))).toEqual({ ok: false, failure: "invalid" });
  });

  it("svix-* names carry v1a too; a missing id or timestamp is missing", () => {
    const v = verifierOf({ scheme: "standard-webhooks", publicKey: sender.whpk });
    const sig = v1a(sender.privateKey, "m", NOW, body);
    const svix = { "svix-id": "m", "svix-timestamp": String(NOW), "svix-signature": sig };
    expect(v.verify(request(body, svix)).ok).toBe(true);
    expect(v.verify(request(body, { "webhook-signature": sig, "webhook-timestamp": String(NOW) }))).toEqual({
      ok: false,
      failure: "missing",
    });
  });

  it("configuration problems name the field and the fix", () => {
    const bad = (cfg: MappingVerify) => problemsOf(cfg).join("\n");
    expect(bad({ scheme: "standard-webhooks", publicKey: "whpk_short" })).toMatch(
      /verify\.publicKey: is not a Standard Webhooks public key: expected whpk_/,
    );
    expect(bad({ scheme: "standard-webhooks", publicKeys: [sender.whpk, "nope"] })).toMatch(
      /verify\.publicKeys\[1\]/,
    );
    expect(bad({ scheme: "standard-webhooks" })).toMatch(
      /verify\.secret: required: .*whsec_.*publicKey: whpk_/,
    );
    expect(bad({ scheme: "github", secret: "s", publicKey: sender.whpk })).toMatch(
      /verify\.publicKey: publicKey applies to scheme standard-webhooks only/,
    );
    expect(bad({ scheme: "standard-webhooks", publicKey: sender.whpk, publicKeys: [sender.whpk] })).toMatch(
      /verify\.publicKeys: give publicKey or publicKeys, not both/,
    );
  });
});

/** One bit of a string's character flipped among its low six bits, so it stays printable ASCII. */
function flipChar(text: string, bit: number): string {
  const i = bit % text.length;
  const b = Math.floor(bit / text.length) % 6;
  return text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ (1 << b)) + text.slice(i + 1);
}

describe("properties of v1a and of signature lists", () => {
  const sender = keyPair();
  const v = verifierOf({ scheme: "standard-webhooks", publicKey: sender.whpk });
  const id = fc.stringMatching(/^msg_[A-Za-z0-9]{4,24}$/);
  const bodyBytes = fc.uint8Array({ minLength: 1, maxLength: 300 });
  const offset = fc.integer({ min: -299, max: 299 });

  it("a signed request passes; one flipped bit of the body, the id or the timestamp fails", () => {
    fc.assert(
      fc.property(
        id,
        bodyBytes,
        offset,
        fc.nat(),
        fc.constantFrom("body", "id", "timestamp"),
        (msgId, bytes, off, bit, part) => {
          const body = Buffer.from(bytes);
          const ts = String(NOW + off);
          const sig = v1a(sender.privateKey, msgId, ts, body);
          expect(v.verify(request(body, headersOf(msgId, ts, sig))).ok).toBe(true);
          let sent = { body, id: msgId, ts };
          if (part === "body") {
            const flipped = Buffer.from(body);
            flipped[bit % flipped.length]! ^= 1 << (Math.floor(bit / flipped.length) % 8);
            sent = { ...sent, body: flipped };
          } else if (part === "id") sent = { ...sent, id: flipChar(msgId, bit) };
          else sent = { ...sent, ts: flipChar(ts, bit) };
          expect(v.verify(request(sent.body, headersOf(sent.id, sent.ts, sig))).ok).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it("any valid signature in a list of junk and wrong signatures passes, wherever it stands", () => {
    const junk = fc.oneof(
      fc.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
      fc.stringMatching(/^v1a,[A-Za-z0-9+/]{86}==$/),
      fc.stringMatching(/^v[0-9a-z]{0,3},[^ ]{0,20}$/),
      fc.stringMatching(/^[^ ]{1,30}$/),
    );
    const secret = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;
    const both = verifierOf({ scheme: "standard-webhooks", secret, publicKey: sender.whpk });
    fc.assert(
      fc.property(
        id,
        bodyBytes,
        fc.array(junk, { maxLength: 6 }),
        fc.nat(),
        fc.boolean(),
        (msgId, bytes, others, at, asymmetric) => {
          const body = Buffer.from(bytes);
          // v1 over the body's bytes (the helper above takes text).
          const good = asymmetric
            ? v1a(sender.privateKey, msgId, NOW, body)
            : `v1,${createHmac("sha256", Buffer.alloc(32, 9)).update(`${msgId}.${NOW}.`).update(body).digest("base64")}`;
          const list = [...others];
          list.splice(at % (list.length + 1), 0, good);
          expect(both.verify(request(body, headersOf(msgId, NOW, list.join(" ")))).ok).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

describe("GitLab 19: the Signing token only when webhook-signature is present", () => {
  const token = "gitlab-secret-token-123";
  const signingToken = `whsec_${Buffer.alloc(32, 5).toString("base64")}`;
  const body = '{"object_kind":"push"}';
  const uuid = "9f5a1c1e-4f7c-4a7e-8f0e-3c7d2b1a0e9d";

  it("unsigned deliveries carry webhook-id and webhook-timestamp and are judged by the token", () => {
    const v = verifierOf({ scheme: "gitlab", secrets: [token, signingToken] });
    const unsigned = {
      "x-gitlab-token": token,
      "idempotency-key": uuid,
      "webhook-id": uuid,
      "webhook-timestamp": String(NOW - 86_400),
    };
    expect(v.verify(request(body, unsigned))).toEqual({ ok: true, verified: { scheme: "gitlab", id: uuid } });
    expect(v.verify(request(body, { ...unsigned, "x-gitlab-token": "wrong" }))).toEqual({
      ok: false,
      failure: "invalid",
    });
  });

  it("a signed delivery is judged by its signature: valid passes, a wrong one fails even with the right token", () => {
    const v = verifierOf({ scheme: "gitlab", secrets: [token, signingToken] });
    const signed = {
      "idempotency-key": uuid,
      ...headersOf(uuid, NOW, v1(signingToken, uuid, NOW, body)),
    };
    expect(v.verify(request(body, signed))).toEqual({
      ok: true,
      verified: { scheme: "gitlab", id: uuid, timestamp: NOW },
    });
    const forged = {
      ...signed,
      "x-gitlab-token": token,
      "webhook-signature": v1(signingToken, uuid, NOW, "{}"),
    };
    expect(v.verify(request(body, forged))).toEqual({ ok: false, failure: "invalid" });
    const old = { ...signed, ...headersOf(uuid, NOW - 600, v1(signingToken, uuid, NOW - 600, body)) };
    expect(v.verify(request(body, old))).toEqual({ ok: false, failure: "stale" });
    // The signature header is a secret header: rules never see it.
    expect(v.secretHeaders).toEqual(expect.arrayContaining(["x-gitlab-token", "webhook-signature"]));
  });

  it("with only a Secret token, a signature GitLab sends is ignored and the token decides", () => {
    const v = verifierOf({ scheme: "gitlab", secret: token });
    const both = { "x-gitlab-token": token, ...headersOf(uuid, NOW, v1(signingToken, uuid, NOW, body)) };
    expect(v.verify(request(body, both)).ok).toBe(true);
  });

  it("hookgate sign with a Signing token signs as GitLab 19 does, and the package agrees", () => {
    const headers = signRequest(
      { scheme: "gitlab", secret: signingToken },
      { body: Buffer.from(body), timestamp: NOW, id: uuid },
      () => {},
    )!;
    expect(headers["idempotency-key"]).toBe(uuid);
    expect(headers["webhook-id"]).toBe(uuid);
    expect(headers["x-gitlab-token"]).toBeUndefined();
    expect(verifierOf({ scheme: "gitlab", secret: signingToken }).verify(request(body, headers)).ok).toBe(
      true,
    );
    const { "idempotency-key": _, ...sw } = headers;
    const now = Date.now;
    try {
      Date.now = () => NOW * 1000;
      expect(new Webhook(signingToken).verify(body, sw)).toEqual(JSON.parse(body));
    } finally {
      Date.now = now;
    }
  });
});
