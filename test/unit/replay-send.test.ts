// `hookgate replay --send` against a small real HTTP server: only requests that came with the hook
// token are sent (with it), a hook name with `..` never takes the token outside the hooks path, and a
// request that used OpenClaw's idempotency spellings is sent with one key, not two that disagree.
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendAgain, sendScope } from "../../src/commands/replay-send.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import type { RequestLogRecord } from "../../src/store/types.js";
import { logged as fixture } from "../store/contract/fixtures.js";

const TOKEN = "replay-send-token-0123456789abcdef";
const seen: { url: string; headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => {
    body += c.toString("utf8");
  });
  req.on("end", () => {
    seen.push({ url: req.url ?? "", headers: req.headers, body });
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
  });
});
let url = "";
beforeAll(async () => {
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const config = { hooks: { token: TOKEN, path: "/hooks" }, server: {} } as unknown as ResolvedConfig;

/** A logged request to /hooks/github that came with the hook token (its carrier not kept). */
function logged(over: Partial<RequestLogRecord>): RequestLogRecord {
  return {
    ...fixture("0190aaaa-0000-7000-8000-000000000001", { body: new TextEncoder().encode('{"a":1}') }),
    seq: 1,
    ...over,
  };
}

describe("replay --send", () => {
  it("sends a request that came with the hook token, with the token", async () => {
    seen.length = 0;
    const [r] = await sendAgain([logged({})], config, url, true);
    expect(r).toMatchObject({ status: 200 });
    expect(seen[0]).toMatchObject({ url: "/hooks/github", headers: { authorization: `Bearer ${TOKEN}` } });
  });

  it("does not send a signed delivery or a request without the token, and says why (the preview too)", async () => {
    seen.length = 0;
    const signed = logged({ verified: "github", removedHeaders: ["x-hub-signature-256"] });
    const bare = logged({ removedHeaders: [] });
    const results = await sendAgain([signed, bare], config, url, true);
    expect(seen).toEqual([]);
    expect(results[0]!.error).toBe(
      "not sent: it came without the hook token, verified by its github signature, which the log does not keep; the hook token would let it reach rules a signed delivery cannot: have the sender deliver it again",
    );
    expect(results[1]!.error).toMatch(/^not sent: it came without the hook token; sending it with the token/);
    expect(sendScope(signed)).toMatchObject({ send: false });
    expect(sendScope(logged({}))).toEqual({ send: true });
  });

  it("never sends the token outside the hooks path for a logged hook name with . or ..", async () => {
    seen.length = 0;
    const results = await sendAgain(
      [logged({ hook: "../../admin" }), logged({ hook: "a/../../x" }), logged({ hook: "./x" })],
      config,
      url,
      true,
    );
    expect(seen).toEqual([]);
    for (const r of results) expect(r.error).toMatch(/^not sent: its hook name has a "\." or "\.\." segment/);
  });

  it("sends a request that used OpenClaw's idempotency spellings with one key", async () => {
    seen.length = 0;
    const entry = logged({
      hook: "agent",
      headers: { "content-type": "application/json", "x-openclaw-idempotency-key": "k-1" },
      body: new TextEncoder().encode('{"message":"hi","idempotencyKey":"k-1"}'),
    });
    const [r] = await sendAgain([entry], config, url, true);
    expect(r).toMatchObject({ status: 200 });
    expect(seen[0]!.headers["x-openclaw-idempotency-key"]).toBeUndefined();
    expect(seen[0]!.headers["idempotency-key"]).toBe(`replay-${entry.id}`);
    expect(JSON.parse(seen[0]!.body)).toEqual({ message: "hi", idempotencyKey: `replay-${entry.id}` });
  });
});
