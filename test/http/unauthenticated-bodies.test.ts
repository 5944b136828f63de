// Bodies without the hook token are read before their signature says who sent them. Over real
// sockets: many large unsigned bodies at once hold no more than hooks.unauthenticatedBodyBytes (the
// rest get 503 with Retry-After before they are read), the token still gets in, a correctly signed
// delivery is served once the others are done, and whatever ends a request (abort, timeout, 413, a
// refused signature) gives its bytes back.
import { connect, type Socket } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import { signRequest } from "../../src/engine/verify/sign.js";
import type { MappingVerify } from "../../src/types/generated.js";
import { waitFor } from "../helpers/child.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

const MiB = 1024 * 1024;
const VERIFY: MappingVerify = { scheme: "hmac", header: "x-sig", secret: "secret-of-the-sender" };

const bigMapping = (maxBodyBytes: number): ResolvedMapping => ({
  id: "big",
  origin: "hooks.mappings[big]",
  match: { path: "big" },
  action: "wake",
  verify: VERIFY,
  textTemplate: "big {{n}}",
  maxBodyBytes,
});

/** A JSON body of exactly `size` bytes. */
function jsonBody(size: number, n = 1): Buffer {
  const head = `{"n":${n},"pad":"`;
  return Buffer.from(`${head}${"a".repeat(Math.max(0, size - head.length - 2))}"}`);
}

function signedHeaders(body: Buffer): Record<string, string> {
  return signRequest(
    VERIFY,
    { body, timestamp: Math.floor(Date.now() / 1000), id: crypto.randomUUID() },
    (f, m) => {
      throw new Error(`${f}: ${m}`);
    },
  )!;
}

interface Held {
  socket: Socket;
  /** The status line's code once an answer came, or "closed" when the connection ended without one. */
  answer: Promise<{ status: number | "closed"; text: string }>;
  write(data: Buffer | string): Promise<void>;
}

/** Opens a connection and sends the request head; the body is the caller's to send. */
function openRequest(port: number, path: string, headers: Record<string, string>): Held {
  const socket = connect(port, "127.0.0.1");
  const received: Buffer[] = [];
  socket.on("data", (d: Buffer) => received.push(d));
  socket.on("error", () => {});
  const answer = new Promise<{ status: number | "closed"; text: string }>((resolve) => {
    const settle = () => {
      const text = Buffer.concat(received).toString("latin1");
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      resolve({ status: m ? Number(m[1]) : "closed", text });
    };
    socket.on("close", settle);
    // An answer is enough: the server may keep reading (and dropping) the rest.
    socket.on("data", () => {
      const text = Buffer.concat(received).toString("latin1");
      if (/\r\n\r\n/.test(text) && /^HTTP\/1\.1 \d{3}/.test(text) && bodyComplete(text)) settle();
    });
  });
  const write = (data: Buffer | string) =>
    new Promise<void>((done) => {
      if (socket.destroyed) return done();
      socket.write(data, () => done());
    });
  const head = `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\nconnection: close\r\n${Object.entries(
    headers,
  )
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;
  void write(head);
  return { socket, answer, write };
}

/** The answer if it has come, else undefined (without waiting for it). */
async function answered(h: Held): Promise<{ status: number | "closed"; text: string } | undefined> {
  return Promise.race([h.answer, new Promise<undefined>((r) => setImmediate(() => r(undefined)))]);
}

/** The answer's body arrived whole (by its content-length). */
function bodyComplete(text: string): boolean {
  const at = text.indexOf("\r\n\r\n");
  const m = /\r\ncontent-length: (\d+)/i.exec(text.slice(0, at));
  return m !== null && text.length - at - 4 >= Number(m[1]);
}

const chunk = (b: Buffer) =>
  Buffer.concat([Buffer.from(`${b.length.toString(16)}\r\n`), b, Buffer.from("\r\n")]);

describe("many large bodies without the token at once", () => {
  let s: TestServer;
  const CAPACITY = 32 * MiB;
  const SIZE = 7 * MiB;
  beforeAll(async () => {
    s = await startTestServer({
      hooks: { unauthenticatedBodyBytes: CAPACITY, bodyTimeoutSeconds: 300, mappings: [bigMapping(8 * MiB)] },
      requestLog: { enabled: false },
    });
  });
  afterAll(async () => {
    await s?.close();
  }, 120_000);

  it("hold at most the budget, refuse the rest with 503 and Retry-After, and let the token and later signed deliveries in", async () => {
    const port = Number(new URL(s.url).port);
    const bodies = Array.from({ length: 12 }, (_, i) => jsonBody(SIZE, i));
    // Twelve 7 MiB bodies announced with a wrong signature; each sends its first 64 KiB and waits.
    const held = bodies.map((b) => {
      const h = openRequest(port, "/hooks/big", { "content-length": String(b.length), "x-sig": "sha256=00" });
      void h.write(b.subarray(0, 64 * 1024));
      return h;
    });
    const admitted = Math.floor(CAPACITY / SIZE); // 4
    const refused = await waitFor(async () => {
      const settled = await Promise.all(held.map(answered));
      const done = settled.filter((a) => a !== undefined);
      return done.length >= held.length - admitted ? done : undefined;
    }, 60_000);
    expect(refused.map((a) => a!.status)).toEqual(Array(held.length - admitted).fill(503));
    for (const a of refused) {
      expect(a!.text).toMatch(/\r\nretry-after: 5\r\n/i);
      expect(a!.text).toContain('"code":"UNAUTHENTICATED_BODIES_BUSY"');
    }
    expect(s.unauthenticatedBodies.inUse).toBe(admitted * SIZE);
    expect(s.unauthenticatedBodies.inUse).toBeLessThanOrEqual(CAPACITY);
    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toContain(`hookgate_unauthenticated_body_bytes ${admitted * SIZE}`);

    // The token is not affected, on the same large path too.
    const withToken = await fetch(`${s.url}/hooks/big`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEST_TOKEN}`, "content-type": "application/json" },
      body: jsonBody(SIZE, 99),
    });
    expect(withToken.status).toBe(200);
    expect((await s.post("/hooks/wake", { text: "still here" })).status).toBe(200);

    // A correctly signed delivery waits for its turn: refused while the budget is spent...
    const signedBody = jsonBody(SIZE, 7);
    const early = await fetch(`${s.url}/hooks/big`, {
      method: "POST",
      headers: { "content-type": "application/json", ...signedHeaders(signedBody) },
      body: signedBody,
    });
    expect(early.status).toBe(503);
    expect(early.headers.get("retry-after")).toBe("5");

    // ...the held ones end: two send the rest (a wrong signature: 401), two hang up.
    const pending: Held[] = [];
    for (const h of held) if ((await answered(h)) === undefined) pending.push(h);
    expect(pending).toHaveLength(admitted);
    for (const [i, h] of pending.entries()) {
      if (i < 2) void h.write(bodies[held.indexOf(h)]!.subarray(64 * 1024));
      else h.socket.destroy();
    }
    const ends = await Promise.all(pending.map((h) => h.answer));
    expect(ends.map((a) => a.status)).toEqual([401, 401, "closed", "closed"]);
    await waitFor(() => (s.unauthenticatedBodies.inUse === 0 ? true : undefined), 60_000);

    // ...and then served.
    const late = await fetch(`${s.url}/hooks/big`, {
      method: "POST",
      headers: { "content-type": "application/json", ...signedHeaders(signedBody) },
      body: signedBody,
    });
    expect(late.status).toBe(200);
    expect(s.unauthenticatedBodies.inUse).toBe(0);
  }, 180_000);
});

type Kind =
  | "signed"
  | "wrong-signature"
  | "aborted"
  | "aborted-chunked"
  | "too-large"
  | "too-large-chunked"
  | "stalled";

describe("the budget comes back whatever ends a request", () => {
  let s: TestServer;
  const MAX = 2 * MiB;
  const CAPACITY = 3 * MiB;
  beforeAll(async () => {
    // A short body timeout, so that a stalled body ends in 408 within the test (on a slow machine
    // any body may: 408 is allowed for every kind, the budget is what is checked).
    s = await startTestServer({
      hooks: { unauthenticatedBodyBytes: CAPACITY, bodyTimeoutSeconds: 3, mappings: [bigMapping(MAX)] },
      requestLog: { enabled: false },
    });
  });
  afterAll(async () => {
    await s?.close();
  }, 120_000);

  /** Sends one request of `kind`; resolves with its status once it has ended. */
  async function send(port: number, kind: Kind, size: number): Promise<number | "closed"> {
    const over = MAX + 1 + size;
    const body = jsonBody(kind.startsWith("too-large") ? over : size);
    const chunked = kind.endsWith("chunked");
    const headers: Record<string, string> = chunked
      ? { "transfer-encoding": "chunked" }
      : { "content-length": String(body.length) };
    Object.assign(headers, kind === "signed" ? signedHeaders(body) : { "x-sig": "sha256=00" });
    const h = openRequest(port, "/hooks/big", headers);
    const step = 64 * 1024;
    const upTo = kind.startsWith("aborted") || kind === "stalled" ? Math.floor(body.length / 2) : body.length;
    for (let at = 0; at < upTo && !h.socket.destroyed; at += step) {
      const part = body.subarray(at, Math.min(at + step, upTo));
      await h.write(chunked ? chunk(part) : part);
    }
    if (kind.startsWith("aborted")) h.socket.destroy();
    else if (chunked && kind !== "stalled") await h.write("0\r\n\r\n");
    return (await h.answer).status;
  }

  it("returns to 0 after random mixes of finished, refused, aborted, oversized and stalled bodies", async () => {
    const port = Number(new URL(s.url).port);
    const kinds: Kind[] = [
      "signed",
      "wrong-signature",
      "aborted",
      "aborted-chunked",
      "too-large",
      "too-large-chunked",
      "stalled",
    ];
    const expected: Record<Kind, (number | "closed")[]> = {
      signed: [200, 503],
      "wrong-signature": [401, 503],
      aborted: ["closed", 503],
      "aborted-chunked": ["closed", 503],
      "too-large": [413],
      "too-large-chunked": [413, 503, "closed"],
      stalled: [408, 503],
    };
    let peak = 0;
    const sample = setInterval(() => {
      peak = Math.max(peak, s.unauthenticatedBodies.inUse);
    }, 2);
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({ kind: fc.constantFrom(...kinds), size: fc.integer({ min: 16, max: MAX - 64 }) }),
            {
              minLength: 1,
              maxLength: 8,
            },
          ),
          async (requests) => {
            const statuses = await Promise.all(requests.map((r) => send(port, r.kind, r.size)));
            for (const [i, status] of statuses.entries()) {
              expect([...expected[requests[i]!.kind], 408], `${requests[i]!.kind}: ${status}`).toContain(
                status,
              );
            }
            await waitFor(() => (s.unauthenticatedBodies.inUse === 0 ? true : undefined), 60_000);
          },
        ),
        { numRuns: 12 },
      );
    } finally {
      clearInterval(sample);
    }
    // Never more than the budget, or one body alone (at most its limit plus one read's worth).
    expect(peak).toBeLessThanOrEqual(Math.max(CAPACITY, MAX + 64 * 1024));
    expect(s.unauthenticatedBodies.inUse).toBe(0);
  }, 600_000);
});
