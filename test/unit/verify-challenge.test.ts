// Providers' handshakes: which mappings may declare them, and what hookgate answers.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  type CompiledChallenge,
  compileChallenge,
  handshakeAnswer,
  metaHandshake,
} from "../../src/engine/verify/challenge.js";
import type { MappingChallenge, MappingVerify } from "../../src/types/generated.js";

function compiled(ch: MappingChallenge, verify?: MappingVerify): CompiledChallenge {
  const problems: string[] = [];
  const c = compileChallenge(ch, verify, (f, m) => problems.push(`challenge.${f}: ${m}`));
  if (!c) throw new Error(problems.join("\n"));
  return c;
}

function problems(ch: MappingChallenge, verify?: MappingVerify): string {
  const out: string[] = [];
  compileChallenge(ch, verify, (f, m) => out.push(`challenge.${f}: ${m}`));
  return out.join("\n");
}

describe("handshakes", () => {
  it("slack: url_verification gets its challenge back; any other payload is not a handshake", () => {
    const c = compiled({ kind: "slack" }, { scheme: "slack", secret: "s" });
    expect(handshakeAnswer(c, { type: "url_verification", token: "t", challenge: "3eZbrw1aB" })).toEqual({
      contentType: "application/json; charset=utf-8",
      body: '{"challenge":"3eZbrw1aB"}',
    });
    expect(handshakeAnswer(c, { type: "event_callback", challenge: "x" })).toBeUndefined();
    expect(handshakeAnswer(c, { type: "url_verification", challenge: "x".repeat(1025) })).toBeUndefined();
  });

  it("zoom: endpoint.url_validation gets plainToken and its HMAC-SHA256 with the verify's secret", () => {
    const c = compiled({ kind: "zoom" }, { scheme: "zoom", secrets: ["current", "previous"] });
    const answer = handshakeAnswer(c, {
      event: "endpoint.url_validation",
      payload: { plainToken: "qgg8vlvZRS6UYooatFL8Aw" },
    });
    expect(JSON.parse(answer!.body)).toEqual({
      plainToken: "qgg8vlvZRS6UYooatFL8Aw",
      encryptedToken: createHmac("sha256", "current").update("qgg8vlvZRS6UYooatFL8Aw").digest("hex"),
    });
    expect(handshakeAnswer(c, { event: "meeting.started", payload: { plainToken: "x" } })).toBeUndefined();
  });

  it("discord: a PING (type 1) gets type 1", () => {
    const c = compiled({ kind: "discord" }, { scheme: "ed25519", secret: "0".repeat(64) });
    expect(handshakeAnswer(c, { type: 1, id: "1" })?.body).toBe('{"type":1}');
    expect(handshakeAnswer(c, { type: 2 })).toBeUndefined();
  });

  it("meta: the challenge comes back as text when hub.verify_token matches", () => {
    const c = compiled({ kind: "meta", verifyToken: " meta-verify " }, { scheme: "meta", secret: "app" });
    if (c.kind !== "meta") throw new Error("meta");
    const query = {
      "hub.mode": "subscribe",
      "hub.verify_token": "meta-verify",
      "hub.challenge": "1158201444",
    };
    expect(metaHandshake(c, query)).toEqual({
      ok: true,
      answer: { contentType: "text/plain; charset=utf-8", body: "1158201444" },
    });
    expect(metaHandshake(c, { ...query, "hub.verify_token": "meta-verifY" })).toEqual({
      ok: false,
      code: "VERIFY_TOKEN_INVALID",
    });
    for (const missing of ["hub.mode", "hub.verify_token", "hub.challenge"]) {
      const q: Record<string, string> = { ...query };
      delete q[missing];
      expect(metaHandshake(c, q)).toEqual({ ok: false, code: "HANDSHAKE_INVALID" });
    }
    expect(metaHandshake(c, { ...query, "hub.mode": "unsubscribe" })).toEqual({
      ok: false,
      code: "HANDSHAKE_INVALID",
    });
  });

  it("a handshake needs the verify its provider signs it with", () => {
    expect(problems({ kind: "slack" })).toMatch(
      /challenge\.kind: the slack handshake arrives signed: this mapping needs verify with scheme slack/,
    );
    expect(problems({ kind: "discord" }, { scheme: "github", secret: "s" })).toMatch(
      /needs verify with scheme ed25519/,
    );
    expect(problems({ kind: "zoom" }, { scheme: "slack", secret: "s" })).toMatch(
      /needs verify with scheme zoom/,
    );
    expect(problems({ kind: "meta" }, { scheme: "meta", secret: "s" })).toMatch(
      /challenge\.verifyToken: required for meta/,
    );
    expect(problems({ kind: "meta", verifyToken: "v" })).toMatch(/add verify: \{scheme: meta/);
    expect(problems({ kind: "slack", verifyToken: "v" }, { scheme: "slack", secret: "s" })).toMatch(
      /challenge\.verifyToken: applies to kind meta only/,
    );
  });
});
