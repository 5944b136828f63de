// The request log's redaction: credential-like names in headers, query and bodies (JSON and forms,
// at any depth, cut or whole), and the configuration's own secrets wherever they turn up.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../../src/config/types.js";
import { isObject } from "../../src/core/is-object.js";
import { configuredSecrets, redactBody } from "../../src/http/log-redaction.js";
import { loggedBody, loggedHeaders, loggedQuery } from "../../src/http/request-log.js";

/** A value no redaction marker or field name could contain by chance. */
const marker = fc.stringMatching(/^[A-Za-z0-9]{12,24}$/).map((s) => `Zq${s}`);
const secretName = fc.constantFrom(
  "token",
  "Token",
  "access_token",
  "refreshToken",
  "client_secret",
  "password",
  "api_key",
  "api-key",
  "apiKey",
  "response_url",
  "private_key",
  "jwt",
);
const plainName = fc.constantFrom("text", "title", "user", "channel_id", "tokens_used", "keyword", "url");

const text = (b: Buffer | Uint8Array | undefined) => Buffer.from(b ?? []).toString("utf8");

describe("request log redaction by name", () => {
  it("redacts the headers named in the hardening review, with _ and - variants", () => {
    const names = [
      "x-authorization",
      "x-auth-key",
      "x-functions-key",
      "authentication",
      "x-api_key",
      "x-api-key",
      "X-Api-Key",
      "x_auth_key",
    ];
    const { headers, removed } = loggedHeaders(Object.fromEntries(names.map((n) => [n, "s3cr3t-value"])));
    for (const n of names) expect(headers[n.toLowerCase()]).toBe("[removed]");
    expect(removed).toHaveLength(names.length);
    expect(loggedHeaders({ "x-github-event": "push", "user-agent": "GitHub-Hookshot" }).headers).toEqual({
      "x-github-event": "push",
      "user-agent": "GitHub-Hookshot",
    });
  });

  it("redacts query credentials: api_key, sig, code, key, auth, jwt, and token look-alikes", () => {
    const query = {
      api_key: "a",
      "api-key": "b",
      sig: "c",
      code: "d",
      key: "e",
      auth: "f",
      jwt: "g",
      Token: "h",
      "TOKEN[a]": "i",
      "token[]": "j",
      page: "2",
      event: "push",
    };
    expect(loggedQuery(query)).toEqual({
      ...Object.fromEntries(Object.keys(query).map((k) => [k, "[removed]"])),
      page: "2",
      event: "push",
    });
  });

  it("redacts a Slack slash command's token and response_url, keeping the rest byte for byte", () => {
    const body =
      "token=gIkuvaNzQIHg97ATvDxqgjtO&team_id=T0001&channel_id=C2147483705&user_name=Steve" +
      "&command=%2Fweather&text=94070&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2F1234%2F5678";
    const kept = text(loggedBody(Buffer.from(body), 65536, "application/x-www-form-urlencoded").body);
    expect(kept).toBe(
      "token=%5Bremoved%5D&team_id=T0001&channel_id=C2147483705&user_name=Steve" +
        "&command=%2Fweather&text=94070&response_url=%5Bremoved%5D",
    );
  });

  it("redacts secret fields inside Slack's interactivity payload (JSON in a form field)", () => {
    const payload = JSON.stringify({
      type: "block_actions",
      token: "verif-token-1",
      response_url: "https://x",
    });
    const body = `payload=${encodeURIComponent(payload)}`;
    const kept = text(loggedBody(Buffer.from(body), 65536, "application/x-www-form-urlencoded").body);
    const inner = JSON.parse(new URLSearchParams(kept).get("payload")!) as Record<string, string>;
    expect(inner).toEqual({ type: "block_actions", token: "[removed]", response_url: "[removed]" });
  });

  it("keeps a body without anything to redact as the same bytes", () => {
    const raw = Buffer.from(JSON.stringify({ action: "opened", tokens_used: 12, keyword: "x" }));
    expect(loggedBody(raw, 65536, "application/json").body).toEqual(raw);
  });

  it("property: a secret-named field's string value never survives, at any depth, whole or cut, and the rest of the JSON is unchanged", () => {
    const tree: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: "small" },
        fc.string(),
        fc.integer(),
        fc.array(tie("node"), { maxLength: 3 }),
        fc.dictionary(plainName, tie("node"), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(
        tree,
        fc.array(fc.tuple(fc.array(plainName, { maxLength: 3 }), secretName, marker), {
          minLength: 1,
          maxLength: 4,
        }),
        fc.nat(),
        fc.boolean(),
        (base, planted, cutAt, pretty) => {
          const doc: Record<string, unknown> = { base };
          for (const [path, name, value] of planted) {
            let at = doc;
            for (const p of path) {
              const next = at[p];
              const child = isObject(next) ? next : {};
              at[p] = child;
              at = child;
            }
            at[name] = value;
          }
          const raw = Buffer.from(JSON.stringify(doc, null, pretty ? 2 : undefined));
          const max = cutAt % (raw.length + 8);
          const kept = text(loggedBody(raw, max, "application/json").body);
          for (const [, , value] of planted) expect(kept).not.toContain(value.slice(0, 6));
          if (max >= raw.length) {
            // Whole: still JSON, and what is not a credential reads the same.
            const back = JSON.parse(kept) as Record<string, unknown>;
            expect(back.base).toEqual(doc.base);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it("property: a form's secret-named fields never survive, whatever else the form holds", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(plainName, fc.string()), { maxLength: 6 }),
        fc.array(fc.tuple(secretName, marker), { minLength: 1, maxLength: 3 }),
        (plain, secret) => {
          const form = new URLSearchParams([...plain, ...secret]).toString();
          const kept = text(loggedBody(Buffer.from(form), 65536, "application/x-www-form-urlencoded").body);
          for (const [, value] of secret) expect(kept).not.toContain(value);
          const back = new URLSearchParams(kept);
          for (const [name, value] of plain) expect(back.getAll(name)).toContain(value);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("request log redaction of configured secrets", () => {
  it("finds a generation's secrets in every request it logs, not only the first (their forms are made once per list)", () => {
    const secrets = ["s3cr3t/value+one", "another-secret-value"];
    for (let i = 0; i < 3; i++) {
      for (const [n, secret] of [secrets[0]!, encodeURIComponent(secrets[0]!), secrets[1]!].entries()) {
        const seen = JSON.stringify([
          loggedHeaders({ "x-note": `a ${secret} b${i}` }, undefined, secrets).headers,
          loggedQuery({ q: `${n}${secret}` }, secrets),
          loggedBody(Buffer.from(`{"note":"${secret}"}`), 1024, "application/json", secrets).body!.toString(),
        ]);
        expect(seen).not.toContain(secret);
        expect(seen).toContain("[removed]");
      }
    }
    // A list without secrets changes nothing.
    expect(loggedHeaders({ "x-note": "s3cr3t/value+one" }, undefined, []).headers["x-note"]).toBe(
      "s3cr3t/value+one",
    );
  });

  it("still removes credential headers after more header names than it remembers", () => {
    for (let i = 0; i < 3000; i++) loggedHeaders({ [`x-custom-${i}`]: "v" });
    const { headers } = loggedHeaders({ "X-Api-Key": "k", "x-custom-2999": "v", "x-late-secret-9": "s" });
    expect(headers).toEqual({
      "x-api-key": "[removed]",
      "x-custom-2999": "v",
      "x-late-secret-9": "[removed]",
    });
  });

  const config = (token: string, verifySecret: string) =>
    ({
      hooks: {
        token,
        mappings: [
          { id: "m", origin: "x", action: "wake", verify: { scheme: "github", secret: verifySecret } },
          {
            id: "r",
            origin: "y",
            action: "wake",
            verify: { scheme: "hmac", secrets: ["rotated-one-1", "rotated-two-2"] },
          },
          {
            id: "meta",
            origin: "z",
            action: "wake",
            challenge: { kind: "meta", verifyToken: "meta-verify-tok" },
          },
        ],
        packs: [],
      },
      providers: { openai: { baseUrl: "https://api.openai.com/v1", apiKey: "sk-provider-key" } },
      channels: { telegram: { botToken: "123456:telegram-bot-token" } },
    }) as unknown as ResolvedConfig;

  it("collects the hook token, verify secrets (rotations too), Meta's verify token, API keys and channel credentials", () => {
    expect(new Set(configuredSecrets(config("the-hook-token-value", "gh-secret-value")))).toEqual(
      new Set([
        "the-hook-token-value",
        "gh-secret-value",
        "rotated-one-1",
        "rotated-two-2",
        "meta-verify-tok",
        "sk-provider-key",
        "123456:telegram-bot-token",
      ]),
    );
  });

  it("property: a configured secret never reaches a logged header, query value or body, whatever surrounds it", () => {
    fc.assert(
      fc.property(
        marker,
        fc.string(),
        fc.string(),
        fc.constantFrom("text/plain", "application/json", "application/x-www-form-urlencoded", undefined),
        fc.constantFrom("x-custom", "x-forwarded-auth", "x-webhook", "from"),
        (token, before, after, type, header) => {
          const secrets = configuredSecrets(config(token, "gh-secret-value"));
          const value = `${before}${token}${after}`;
          const { headers } = loggedHeaders({ [header]: value }, undefined, secrets);
          expect(JSON.stringify(headers)).not.toContain(token);
          expect(JSON.stringify(loggedQuery({ q: value }, secrets))).not.toContain(token);
          for (const body of [value, encodeURIComponent(value), JSON.stringify({ note: value })]) {
            const raw = Buffer.from(body);
            expect(text(loggedBody(raw, 65536, type, secrets).body)).not.toContain(token);
            // Cut anywhere inside the secret: no start of it longer than 3 characters is kept.
            const at = body.indexOf(token);
            if (at >= 0) {
              for (const k of [4, 6, token.length - 1]) {
                const kept = text(loggedBody(raw, at + k, type, secrets).body);
                expect(kept.endsWith(token.slice(0, k))).toBe(false);
              }
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("redactBody leaves bytes alone when no secret and no credential-like name is in them", () => {
    const raw = Buffer.from([0xff, 0xfe, 0x00, 0x41]);
    expect(redactBody(raw, "application/octet-stream", ["some-secret"])).toBe(raw);
  });
});
