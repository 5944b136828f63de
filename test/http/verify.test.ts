// Senders without the hook token, over a real socket: signatures verified on the raw body, failures
// counted in the lockout, a path's signature opening only that path's verified mappings, redeliveries
// answered from the first, handshakes, form bodies, a BOM, and body limits per path.
import { createHmac, generateKeyPairSync } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import { signRequest } from "../../src/engine/verify/sign.js";
import { Database } from "../../src/store/sqlite/driver.js";
import type { MappingVerify } from "../../src/types/generated.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

const mapping = (m: Partial<ResolvedMapping> & Pick<ResolvedMapping, "id" | "action">): ResolvedMapping => ({
  origin: `hooks.mappings[${m.id}]`,
  ...m,
});

const GH: MappingVerify = { scheme: "github", secret: "gh-webhook-secret" };
const STRIPE: MappingVerify = { scheme: "stripe", secret: "whsec_stripe_test" };
const SLACK: MappingVerify = { scheme: "slack", secret: "slack-signing-secret" };
const ZOOM: MappingVerify = { scheme: "zoom", secret: "zoom-secret-token" };
const META: MappingVerify = { scheme: "meta", secret: "meta-app-secret" };
const TWILIO: MappingVerify = { scheme: "twilio", secret: "twilio-auth-token" };
const A: MappingVerify = { scheme: "hmac", header: "x-sig", secret: "secret-of-a" };
const B: MappingVerify = { scheme: "hmac", header: "x-sig", secret: "secret-of-b" };
const TELEGRAM: MappingVerify = {
  scheme: "header",
  header: "x-telegram-bot-api-secret-token",
  secret: "telegram-secret-value",
  idField: "update_id",
};
const discordKeys = generateKeyPairSync("ed25519");
const DISCORD_SEED = discordKeys.privateKey
  .export({ format: "der", type: "pkcs8" })
  .subarray(-32)
  .toString("hex");
const DISCORD: MappingVerify = {
  scheme: "ed25519",
  secret: discordKeys.publicKey.export({ format: "der", type: "spki" }).subarray(-32).toString("hex"),
};
const PUBLIC_URL = "https://hooks.example.com";

/** The headers the provider would send with `body` (hookgate's signer, checked against the providers' vectors). */
function signed(
  verify: MappingVerify,
  body: string,
  opts: { id?: string; at?: number; url?: string; form?: boolean; secret?: string } = {},
): Record<string, string> {
  const cfg = { ...verify, ...(opts.secret !== undefined && { secret: opts.secret }) };
  const headers = signRequest(
    verify.scheme === "ed25519" ? { ...cfg, secret: DISCORD_SEED } : cfg,
    {
      body: Buffer.from(body),
      timestamp: opts.at ?? Math.floor(Date.now() / 1000),
      id: opts.id ?? crypto.randomUUID(),
      ...(opts.url !== undefined && { url: opts.url }),
      ...(opts.form && { form: true }),
    },
    (f, m) => {
      throw new Error(`${f}: ${m}`);
    },
  );
  return headers!;
}

describe("senders without the hook token", () => {
  let s: TestServer;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-verify-"));
    const transforms = join(dir, "hooks", "transforms");
    mkdirSync(transforms, { recursive: true });
    writeFileSync(
      join(transforms, "show.js"),
      "export default function (ctx) { return { message: 'verified=' + JSON.stringify(ctx.verified) + ' headers=' + JSON.stringify(ctx.headers) }; }\n",
    );
    s = await startTestServer({
      dir,
      server: { publicUrl: PUBLIC_URL, logEachRequest: true },
      hooks: {
        maxBodyBytes: 64 * 1024,
        presets: ["mail"],
        mappings: [
          mapping({
            id: "gh",
            match: { path: "github" },
            action: "agent",
            verify: GH,
            name: "GitHub",
            messageTemplate: "{{verified.scheme}} {{verified.id}}: {{action}} headers={{headers}}",
          }),
          mapping({
            id: "stripe",
            match: { path: "stripe" },
            action: "wake",
            verify: STRIPE,
            textTemplate: "{{type}} {{verified.id}} signed at {{verified.timestamp}}",
          }),
          mapping({ id: "a", match: { path: "a" }, action: "wake", verify: A, textTemplate: "a {{n}}" }),
          mapping({ id: "b", match: { path: "b" }, action: "wake", verify: B, textTemplate: "b {{n}}" }),
          mapping({ id: "plain", match: { path: "mixed" }, action: "wake", textTemplate: "plain {{n}}" }),
          mapping({
            id: "signed",
            match: { path: "mixed" },
            action: "wake",
            verify: GH,
            textTemplate: "signed {{n}}",
          }),
          mapping({
            id: "by-scheme",
            match: { path: "by-scheme", when: { "==": [{ var: "verified.scheme" }, "github"] } },
            action: "wake",
            verify: GH,
            textTemplate: "scheme {{verified.scheme}}",
          }),
          mapping({
            id: "slack",
            match: { path: "slack" },
            action: "wake",
            verify: SLACK,
            challenge: { kind: "slack" },
            textTemplate: "slash {{command}} {{text}} by {{user_name}}",
          }),
          mapping({
            id: "whatsapp",
            match: { path: "whatsapp" },
            action: "wake",
            verify: META,
            challenge: { kind: "meta", verifyToken: "meta-verify-token" },
            textTemplate: "whatsapp {{object}}",
          }),
          mapping({
            id: "discord",
            match: { path: "discord" },
            action: "wake",
            verify: DISCORD,
            challenge: { kind: "discord" },
            textTemplate: "interaction {{id}}",
          }),
          mapping({
            id: "zoom",
            match: { path: "zoom" },
            action: "wake",
            verify: ZOOM,
            challenge: { kind: "zoom" },
            textTemplate: "zoom {{event}}",
          }),
          mapping({
            id: "sms",
            match: { path: "sms" },
            action: "wake",
            verify: TWILIO,
            textTemplate: "sms from {{From}}: {{Body}}",
          }),
          mapping({
            id: "telegram",
            match: { path: "telegram" },
            action: "agent",
            verify: TELEGRAM,
            transform: { module: "show.js" },
          }),
          mapping({ id: "json", match: { path: "json" }, action: "wake", textTemplate: "json {{n}}" }),
          mapping({
            id: "big",
            match: { path: "big" },
            action: "wake",
            maxBodyBytes: 1024 * 1024,
            textTemplate: "big",
          }),
          mapping({
            id: "tiny",
            match: { path: "tiny" },
            action: "wake",
            maxBodyBytes: 100,
            textTemplate: "tiny",
          }),
        ],
      },
    });
  });

  afterAll(async () => {
    await s?.close();
  });

  const post = (path: string, body: string, headers: Record<string, string>) =>
    fetch(`${s.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body,
    });
  const runs = () => s.runtime.store.listRuns({ limit: 1000 });
  const events = () => s.runtime.store.listEvents({ limit: 1000 });

  it("accepts a GitHub delivery signed with the secret, without the token; the run sees verified, never the signature", async () => {
    const body = JSON.stringify({ action: "opened", issue: { title: "Crash" } });
    const headers: Record<string, string> = {
      ...signed(GH, body, { id: "delivery-1" }),
      "x-github-event": "issues",
    };
    const r = await post("/hooks/github", body, headers);
    expect(r.status).toBe(202);
    const { runId } = (await r.json()) as { runId: string };
    const run = await s.runtime.store.getRun(runId);
    expect(run?.message).toContain("github delivery-1: opened");
    expect(run?.message).toContain('"x-github-event":"issues"');
    expect(run?.message).not.toContain("x-hub-signature-256");
    expect(run?.message).not.toContain(headers["x-hub-signature-256"]!.slice(7));
    const logs = s.logs.join("\n");
    expect(logs).not.toContain(headers["x-hub-signature-256"]!.slice(7));
    const line = s.logs.map((l) => JSON.parse(l)).find((l) => l.msg === "request" && l.mappingId === "gh");
    expect(line).toMatchObject({ status: 202, verified: "github" });
  });

  it("reads a GitHub delivery sent as a form (GitHub's default content type): the signature over the form as sent, then the JSON in its payload field", async () => {
    const json = JSON.stringify({ action: "opened", issue: { title: "Crash" } });
    const form = `payload=${encodeURIComponent(json)}`;
    const formType = { "x-github-event": "issues", "content-type": "application/x-www-form-urlencoded" };
    const r = await post("/hooks/github", form, {
      ...signed(GH, form, { id: "delivery-form" }),
      ...formType,
    });
    expect(r.status).toBe(202);
    const run = await s.runtime.store.getRun(((await r.json()) as { runId: string }).runId);
    expect(run?.message).toContain("github delivery-form: opened");
    // The JSON alone, signed, is no signature for the form that carries it.
    const json_signed = await post("/hooks/github", form, { ...signed(GH, json), ...formType });
    expect(json_signed.status).toBe(401);
    expect(await json_signed.json()).toMatchObject({ code: "SIGNATURE_INVALID" });
  });

  it("gives transforms and when the verification, never the secret header", async () => {
    const body = JSON.stringify({ update_id: 9001, message: { text: "hi" } });
    const r = await post("/hooks/telegram", body, {
      "x-telegram-bot-api-secret-token": "telegram-secret-value",
      "x-trace": "t-1",
    });
    expect(r.status).toBe(202);
    const run = await s.runtime.store.getRun(((await r.json()) as { runId: string }).runId);
    expect(run?.message).toContain('verified={"scheme":"header","id":"9001"}');
    expect(run?.message).toContain('"x-trace":"t-1"');
    expect(run?.message).not.toContain("telegram-secret-value");

    const gh = JSON.stringify({});
    expect((await post("/hooks/by-scheme", gh, signed(GH, gh))).status).toBe(200);
    expect((await events()).some((e) => e.text === "scheme github")).toBe(true);
    // With the token the same mapping sees no verified: its when does not hold.
    const withToken = await s.post("/hooks/by-scheme", {});
    expect(withToken.status).toBe(404);
  });

  it("a Stripe event's id comes from the verified body, its signed time is shown", async () => {
    const at = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: "evt_1NG8Du2eZvKYlo2CUI79vXWy", type: "invoice.paid" });
    const r = await post("/hooks/stripe", body, signed(STRIPE, body, { at }));
    expect(r.status).toBe(200);
    expect((await events()).map((e) => e.text)).toContain(
      `invoice.paid evt_1NG8Du2eZvKYlo2CUI79vXWy signed at ${at}`,
    );
  });

  it("a redelivery of the same delivery id gets the first answer and starts nothing new", async () => {
    const body = JSON.stringify({ action: "reopened", issue: { title: "Again" } });
    const first = await post("/hooks/github", body, signed(GH, body, { id: "delivery-redo" }));
    expect(first.status).toBe(202);
    const { runId } = (await first.json()) as { runId: string };
    const before = (await runs()).length;
    // GitHub signs the redelivery anew; the delivery id stays.
    const again = await post("/hooks/github", body, signed(GH, body, { id: "delivery-redo" }));
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(await again.json()).toEqual({ ok: true, runId });
    expect((await runs()).length).toBe(before);
    // GitHub signs the body only: the same body under another delivery id is the same delivery
    // sent again (a capture replayed), not another event.
    const other = await post("/hooks/github", body, signed(GH, body, { id: "delivery-other" }));
    expect(other.headers.get("idempotent-replay")).toBe("true");
    expect(((await other.json()) as { runId: string }).runId).toBe(runId);
    expect((await runs()).length).toBe(before);
    // A Stripe event redelivered under a fresh signature is recognised by its id in the body.
    const evt = JSON.stringify({ id: "evt_redelivered", type: "charge.failed" });
    expect((await post("/hooks/stripe", evt, signed(STRIPE, evt))).status).toBe(200);
    const count = (await events()).filter((e) => e.text.startsWith("charge.failed evt_redelivered")).length;
    const replay = await post(
      "/hooks/stripe",
      evt,
      signed(STRIPE, evt, { at: Math.floor(Date.now() / 1000) + 1 }),
    );
    expect(replay.headers.get("idempotent-replay")).toBe("true");
    expect((await events()).filter((e) => e.text.startsWith("charge.failed evt_redelivered")).length).toBe(
      count,
    );
  });

  it("a signature for one path opens neither another path nor the built-in endpoints", async () => {
    const body = JSON.stringify({ n: 1 });
    expect((await post("/hooks/a", body, signed(A, body))).status).toBe(200);
    const cross = await post("/hooks/b", body, signed(A, body));
    expect(cross.status).toBe(401);
    expect(await cross.json()).toMatchObject({ code: "SIGNATURE_INVALID" });
    for (const builtIn of ["/hooks/wake", "/hooks/agent"]) {
      const r = await post(builtIn, JSON.stringify({ text: "x", message: "x" }), signed(GH, body));
      expect(r.status, builtIn).toBe(401);
      expect(await r.json()).toMatchObject({ code: "UNAUTHORIZED" });
    }
    // A path without any verify answers 401 before reading the body, as for a wrong token.
    expect((await post("/hooks/json", body, signed(GH, body))).status).toBe(401);
    await s.post("/hooks/wake", { text: "clear the failures" });
  });

  it("without the token a request reaches only the mappings whose verify it passed", async () => {
    const body = JSON.stringify({ n: 7 });
    expect((await post("/hooks/mixed", body, signed(GH, body))).status).toBe(200);
    expect((await events()).map((e) => e.text)).toContain("signed 7");
    // With the token, the first mapping of the path (no verify) takes it, as before.
    expect((await s.post("/hooks/mixed", { n: 8 })).status).toBe(200);
    expect((await events()).map((e) => e.text)).toContain("plain 8");
  });

  it("answers Slack's url_verification after verifying it, and reads a signed slash command form", async () => {
    const challenge = JSON.stringify({
      token: "t",
      challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P",
      type: "url_verification",
    });
    const ok = await post("/hooks/slack", challenge, signed(SLACK, challenge));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ challenge: "3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P" });
    const unsigned = await post("/hooks/slack", challenge, {});
    expect(unsigned.status).toBe(401);
    expect(await unsigned.json()).toMatchObject({ code: "SIGNATURE_MISSING" });

    const form = "command=%2Fdeploy&text=api+to+prod&user_name=ada&team_id=T1";
    const r = await post("/hooks/slack", form, {
      ...signed(SLACK, form),
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(r.status).toBe(200);
    expect((await events()).map((e) => e.text)).toContain("slash /deploy api to prod by ada");
    await s.post("/hooks/wake", { text: "clear the failures" });
  });

  it("answers Meta's GET subscription check only with the right verify token", async () => {
    const q = "hub.mode=subscribe&hub.verify_token=meta-verify-token&hub.challenge=1158201444";
    const ok = await fetch(`${s.url}/hooks/whatsapp?${q}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await ok.text()).toBe("1158201444");
    const wrong = await fetch(`${s.url}/hooks/whatsapp?${q.replace("meta-verify-token", "guess")}`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: "VERIFY_TOKEN_INVALID" });
    const incomplete = await fetch(`${s.url}/hooks/whatsapp?hub.mode=subscribe`);
    expect(incomplete.status).toBe(400);
    expect(await incomplete.json()).toMatchObject({ code: "HANDSHAKE_INVALID" });
    // GET anywhere else is still 405.
    const other = await fetch(`${s.url}/hooks/github?${q}`);
    expect(other.status).toBe(405);
    expect(other.headers.get("allow")).toBe("POST");
    // Meta's deliveries are POSTs signed with the app secret.
    const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
    expect((await post("/hooks/whatsapp", body, signed(META, body))).status).toBe(200);
    await s.post("/hooks/wake", { text: "clear the failures" });
  });

  it("answers Discord's PING and Zoom's URL validation after verifying them", async () => {
    const ping = JSON.stringify({ id: "1", type: 1, application_id: "2" });
    const r = await post("/hooks/discord", ping, signed(DISCORD, ping));
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ type: 1 });
    const forged = await post("/hooks/discord", ping, {
      "x-signature-ed25519": "00".repeat(64),
      "x-signature-timestamp": String(Math.floor(Date.now() / 1000)),
    });
    expect(forged.status).toBe(401);
    const command = JSON.stringify({ id: "77", type: 2 });
    expect((await post("/hooks/discord", command, signed(DISCORD, command))).status).toBe(200);
    expect((await events()).map((e) => e.text)).toContain("interaction 77");

    const validation = JSON.stringify({
      event: "endpoint.url_validation",
      payload: { plainToken: "qgg8vlvZRS6UYooatFL8Aw" },
    });
    const z = await post("/hooks/zoom", validation, signed(ZOOM, validation));
    expect(z.status).toBe(200);
    expect(await z.json()).toEqual({
      plainToken: "qgg8vlvZRS6UYooatFL8Aw",
      encryptedToken: createHmac("sha256", "zoom-secret-token")
        .update("qgg8vlvZRS6UYooatFL8Aw")
        .digest("hex"),
    });
    await s.post("/hooks/wake", { text: "clear the failures" });
  });

  it("verifies Twilio against server.publicUrl and reads its form", async () => {
    const form = "From=%2B15551234567&To=%2B15005550006&Body=Server+down%3F";
    const url = `${PUBLIC_URL}/hooks/sms`;
    const r = await post("/hooks/sms", form, {
      ...signed(TWILIO, form, { url, form: true }),
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(r.status).toBe(200);
    expect((await events()).map((e) => e.text)).toContain("sms from +15551234567: Server down?");
    // Signed for another URL (another hook path): refused.
    const elsewhere = await post("/hooks/sms", form, {
      ...signed(TWILIO, form, { url: `${PUBLIC_URL}/hooks/other`, form: true }),
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(elsewhere.status).toBe(401);
    await s.post("/hooks/wake", { text: "clear the failures" });
  });

  it("reads JSON after a byte order mark and under application/*+json types", async () => {
    const bom = await post("/hooks/json", `\uFEFF${JSON.stringify({ n: 1 })}`, {
      authorization: `Bearer ${TEST_TOKEN}`,
    });
    expect(bom.status).toBe(200);
    const typed = await post("/hooks/json", JSON.stringify({ n: 2 }), {
      authorization: `Bearer ${TEST_TOKEN}`,
      "content-type": "application/vnd.api+json; charset=utf-8",
    });
    expect(typed.status).toBe(200);
    expect((await events()).map((e) => e.text)).toEqual(expect.arrayContaining(["json 1", "json 2"]));
    const bad = await post("/hooks/json", "\uFEFF{nope", { authorization: `Bearer ${TEST_TOKEN}` });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "INVALID_JSON" });
  });

  it("applies a mapping's own body limit on its path, and the mail preset's larger one", async () => {
    const auth = { authorization: `Bearer ${TEST_TOKEN}` };
    const large = JSON.stringify({ pad: "x".repeat(300 * 1024) });
    expect((await post("/hooks/json", large, auth)).status).toBe(413);
    expect((await post("/hooks/big", large, auth)).status).toBe(200);
    const small = await post("/hooks/tiny", JSON.stringify({ pad: "x".repeat(200) }), auth);
    expect(small.status).toBe(413);
    expect(((await small.json()) as { error: string }).error).toBe(
      "payload too large: the limit is 100 bytes (maxBodyBytes of the mappings for tiny)",
    );
    // 600 KB of mail: over this server's 64 KiB hooks.maxBodyBytes, within the preset's 4 MiB.
    const mail = JSON.stringify({
      messages: [{ id: "m1", from: "a@b", subject: "big", body: "y".repeat(600 * 1024) }],
    });
    expect((await post("/hooks/mail", mail, auth)).status).toBe(202);
    expect((await post("/hooks/gmail", mail, auth)).status).toBe(202);
  });
});

describe("failed verifications and the lockout", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({
      // GitHub posts from a few shared addresses, seen here through a proxy on loopback.
      server: { trustProxy: ["127.0.0.1", "::1"] },
      hooks: {
        authFailures: { max: 6, windowSeconds: 60, lockSeconds: 60, maxTrackedAddresses: 100 },
        mappings: [
          mapping({ id: "gh", match: { path: "github" }, action: "wake", verify: GH, textTemplate: "gh" }),
        ],
      },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  let from = 0;
  /** A fresh client address for each test and property run (documentation ranges). */
  const nextAddress = () => `2001:db8:${(++from).toString(16)}::1`;
  const post = (address: string, body: string, headers: Record<string, string>) =>
    fetch(`${s.url}/hooks/github`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address, ...headers },
      body,
    });

  it("wrong, missing and stale signatures are 401 with their codes and never lock the address", async () => {
    const at = nextAddress();
    const body = JSON.stringify({ zen: "Keep it logically awesome." });
    const good = signed(GH, body);
    const wrong = await post(at, body, signed(GH, body, { secret: "not-the-secret" }));
    expect(wrong.status).toBe(401);
    const wrongBody = (await wrong.json()) as { code: string; error: string };
    expect(wrongBody.code).toBe("SIGNATURE_INVALID");
    // The answer never echoes the signature.
    expect(JSON.stringify(wrongBody)).not.toContain(good["x-hub-signature-256"]!.slice(7, 20));
    expect(await (await post(at, body, {})).json()).toMatchObject({ code: "SIGNATURE_MISSING" });
    // A tampered body under the right signature.
    expect((await post(at, `${body} `, good)).status).toBe(401);
    for (let i = 0; i < 10; i++) {
      expect((await post(at, body, { "x-hub-signature-256": "sha256=00" })).status).toBe(401);
    }
    expect((await post(at, body, good)).status).toBe(200);
  });

  it("a stranger's 20 deliveries signed with their own secret, from a provider's shared address, never refuse the provider's own", async () => {
    const github = nextAddress();
    const body = JSON.stringify({ action: "opened", number: 7 });
    for (let i = 0; i < 20; i++) {
      const forged = await post(github, body, signed(GH, body, { secret: "the-attackers-secret" }));
      expect(forged.status).toBe(401);
    }
    const victim = await post(github, body, signed(GH, body));
    expect(victim.status).toBe(200);
    expect(await victim.json()).toMatchObject({ ok: true });
  });

  it("property: whatever strangers send from an address (forged, missing or tampered signatures, wrong tokens), the provider's signed delivery from it is accepted", async () => {
    const body = JSON.stringify({ ref: "refs/heads/main" });
    const attack = fc.constantFrom(
      { headers: () => signed(GH, body, { secret: "the-attackers-secret" }), body },
      { headers: () => ({}), body },
      { headers: () => signed(GH, body), body: `${body}\n` },
      { headers: () => ({ "x-hub-signature-256": "sha256=zz" }), body },
      { headers: () => ({ authorization: "Bearer a-guess" }), body },
      { headers: () => ({ "x-openclaw-token": "another-guess" }), body },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(attack, { minLength: 0, maxLength: 30 }), async (attacks) => {
        const at = nextAddress();
        for (const a of attacks) {
          const r = await post(at, a.body, a.headers());
          expect([401, 429]).toContain(r.status);
        }
        const victim = await post(at, body, signed(GH, body));
        expect(victim.status).toBe(200);
      }),
      { numRuns: 40 },
    );
  }, 120_000);

  it("wrong tokens lock the address; a locked address's delivery is verified before refusal: signed goes through, unsigned gets 429", async () => {
    const at = nextAddress();
    const body = JSON.stringify({ zen: "Design for failure." });
    for (let i = 0; i < 6; i++) {
      expect((await post(at, body, { authorization: "Bearer wrong-token" })).status).toBe(401);
    }
    // Locked: a token guess and an unsigned or badly signed request get 429 with Retry-After.
    const guess = await post(at, body, { authorization: "Bearer another-guess" });
    expect(guess.status).toBe(429);
    expect(Number(guess.headers.get("retry-after"))).toBeGreaterThan(0);
    const forged = await post(at, body, signed(GH, body, { secret: "not-the-secret" }));
    expect(forged.status).toBe(429);
    expect(Number(forged.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await post(at, body, {})).status).toBe(429);
    // The provider's signed delivery from the same address still goes through, and clears nothing.
    expect((await post(at, body, signed(GH, body))).status).toBe(200);
    expect((await post(at, body, {})).status).toBe(429);
    // The token still works and clears the lock.
    const wake = await fetch(`${s.url}/hooks/wake`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": at,
        authorization: `Bearer ${TEST_TOKEN}`,
      },
      body: JSON.stringify({ text: "token" }),
    });
    expect(wake.status).toBe(200);
    expect((await post(at, body, {})).status).toBe(401);
  });

  it("a stale signature (Stripe's timestamp window) is refused as SIGNATURE_STALE", async () => {
    const stale = await startTestServer({
      hooks: {
        mappings: [
          mapping({
            id: "st",
            match: { path: "stripe" },
            action: "wake",
            verify: STRIPE,
            textTemplate: "st",
          }),
        ],
      },
    });
    try {
      const body = JSON.stringify({ id: "evt_old", type: "invoice.paid" });
      const old = signed(STRIPE, body, { at: Math.floor(Date.now() / 1000) - 3600 });
      const r = await fetch(`${stale.url}/hooks/stripe`, { method: "POST", headers: old, body });
      expect(r.status).toBe(401);
      expect(await r.json()).toMatchObject({ code: "SIGNATURE_STALE" });
    } finally {
      await stale.close();
    }
  });
});

describe("a delivery that failed on our side", () => {
  it("is accepted anew on the retry, not answered as a replay", async () => {
    const s = await startTestServer(
      {
        hooks: {
          mappings: [
            mapping({
              id: "gh",
              match: { path: "github" },
              action: "wake",
              verify: GH,
              textTemplate: "gh {{n}}",
            }),
          ],
        },
      },
      // The store gives up on the lock below after 100 ms instead of 5 s (per write that waits).
      { sqliteBusyTimeoutMs: 100 },
    );
    const body = JSON.stringify({ n: 1 });
    const send = () =>
      fetch(`${s.url}/hooks/github`, {
        method: "POST",
        headers: signed(GH, body, { id: "delivery-retried" }),
        body,
      });
    // Another process holds the database's write lock: the store cannot record the event.
    const other = new Database((s.config.store as { path: string }).path, { timeout: 100 });
    try {
      other.exec("BEGIN EXCLUSIVE");
      const first = await send();
      expect(first.status).toBe(503);
      expect(await first.json()).toMatchObject({ code: "STORE_UNAVAILABLE" });
      other.exec("ROLLBACK");
      const retry = await send();
      expect(retry.status).toBe(200);
      expect(retry.headers.get("idempotent-replay")).toBeNull();
      const events = await s.runtime.store.listEvents({ limit: 10 });
      expect(events.filter((e) => e.text === "gh 1")).toHaveLength(1);
      // Only now is the delivery remembered.
      const replay = await send();
      expect(replay.headers.get("idempotent-replay")).toBe("true");
    } finally {
      other.close();
      await s.close();
    }
  });
});
