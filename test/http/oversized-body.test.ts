// An oversized body gets its 413 even when the client writes the whole body before it reads anything
// (as most webhook senders do): the server reads and drops the rest instead of closing on unread
// bytes, which would reset the connection and lose the answer. Over a real socket, 100 times.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

/** Sends the request whole (headers, then every byte of the body), and only then reads the answer. */
function writeThenRead(
  port: number,
  body: Buffer,
  opts: { chunked: boolean; token?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const received: Buffer[] = [];
    socket.on("data", (d: Buffer) => received.push(d));
    socket.on("error", (err) => reject(err));
    socket.on("close", () => {
      const text = Buffer.concat(received).toString("latin1");
      const m = /^HTTP\/1\.1 (\d{3})/.exec(text);
      if (m) resolve({ status: Number(m[1]), text });
      else reject(new Error(`no answer (${received.length} reads)`));
    });
    socket.on("connect", async () => {
      // Nothing is read until the whole request is written.
      socket.pause();
      const head =
        "POST /hooks/wake HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n" +
        `authorization: Bearer ${opts.token ?? TEST_TOKEN}\r\nconnection: close\r\n` +
        (opts.chunked ? "transfer-encoding: chunked\r\n\r\n" : `content-length: ${body.length}\r\n\r\n`);
      const write = (chunk: Buffer | string) =>
        new Promise<void>((done, fail) => {
          socket.write(chunk, (err) => (err ? fail(err) : done()));
        });
      try {
        await write(head);
        const step = 256 * 1024;
        for (let at = 0; at < body.length; at += step) {
          const part = body.subarray(at, at + step);
          await write(
            opts.chunked
              ? Buffer.concat([Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from("\r\n")])
              : part,
          );
        }
        if (opts.chunked) await write("0\r\n\r\n");
      } catch (err) {
        reject(err);
        return;
      }
      socket.resume();
    });
  });
}

describe("an oversized body's 413", () => {
  let s: TestServer;
  beforeAll(async () => {
    // No request log: it is not under test, and a hundred commits on a busy disk only slow the close.
    s = await startTestServer({ hooks: { maxBodyBytes: 256 * 1024 }, requestLog: { enabled: false } });
  });
  afterAll(async () => {
    await s?.close();
  }, 120_000);

  it("reaches a client that writes 5–10 MB before reading, 100 times (declared length and chunked)", async () => {
    const port = Number(new URL(s.url).port);
    const statuses: string[] = [];
    for (let i = 0; i < 100; i++) {
      const size = 5_000_000 + ((i * 50_021) % 5_000_000);
      const body = Buffer.alloc(size, 0x61);
      const answer = await writeThenRead(port, body, { chunked: i % 2 === 1 }).then(
        (a) => String(a.status),
        (err: Error) => `failed: ${(err as NodeJS.ErrnoException).code ?? err.message}`,
      );
      statuses.push(answer);
    }
    expect(statuses.filter((x) => x !== "413")).toEqual([]);
    // Every connection was let go once its body was read.
    await expect.poll(() => new Promise((r) => s.app.server.getConnections((_e, n) => r(n)))).toBe(0);
  }, 300_000);

  it("a wrong token's 401 reaches such a client too", async () => {
    const port = Number(new URL(s.url).port);
    const answer = await writeThenRead(port, Buffer.alloc(3_000_000, 0x61), {
      chunked: false,
      token: "not-the-token",
    });
    expect(answer.status).toBe(401);
  }, 60_000);
});
