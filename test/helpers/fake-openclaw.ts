// A strict stand-in for an OpenClaw gateway's hooks, on a loopback port: it refuses what the real
// gateway refuses (no or a wrong token → 401, an empty message or text → 400, a session key while
// hooks.allowRequestSessionKey is off → 400, channel `last` or half a destination → 400), can answer 503 with Retry-After a number of times first,
// and returns the same runId for a repeated Idempotency-Key only when the body is byte-identical.
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface GatewayRequest {
  path: string;
  headers: IncomingMessage["headers"];
  raw: string;
  body: Record<string, unknown>;
  /** The status the fake answered. */
  status: number;
}

export interface FakeOpenClaw {
  url: string;
  token: string;
  requests: GatewayRequest[];
  /** Runs started (one per new Idempotency-Key + body). */
  runs: Array<{ runId: string; body: Record<string, unknown> }>;
  wakes: Array<{ text: string; mode: string }>;
  /** The next `n` requests get 503 with `Retry-After: retryAfter`. */
  failNext(n: number, retryAfter?: string): void;
  /** The next /agent request starts its run but is never answered (a sender killed while waiting). */
  holdNext(): void;
  close(): Promise<void>;
}

export async function fakeOpenClaw(
  opts: { token?: string; path?: string; allowRequestSessionKey?: boolean } = {},
): Promise<FakeOpenClaw> {
  const token = opts.token ?? "oc-hooks-token-5f1c2a";
  const base = opts.path ?? "/hooks";
  const allowSessionKey = opts.allowRequestSessionKey ?? true;
  const requests: GatewayRequest[] = [];
  const runs: FakeOpenClaw["runs"] = [];
  const wakes: FakeOpenClaw["wakes"] = [];
  const seen = new Map<string, { digest: string; runId: string }>();
  let failures: { left: number; retryAfter: string } = { left: 0, retryAfter: "0" };
  let hold = false;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const path = (req.url ?? "/").split("?")[0]!;
      let body: Record<string, unknown> = {};
      const answer = (status: number, data: unknown, headers: Record<string, string> = {}) => {
        requests.push({ path, headers: req.headers, raw, body, status });
        res.writeHead(status, { "content-type": "application/json", ...headers });
        res.end(JSON.stringify(data));
      };
      if (req.method !== "POST" || (path !== `${base}/agent` && path !== `${base}/wake`)) {
        return answer(404, { ok: false, error: "Not Found" });
      }
      const auth = req.headers.authorization;
      const given = auth?.startsWith("Bearer ") ? auth.slice(7) : req.headers["x-openclaw-token"];
      if (given !== token) {
        // The real gateway answers this one in plain text.
        requests.push({ path, headers: req.headers, raw, body, status: 401 });
        res.writeHead(401, { "content-type": "text/plain; charset=utf-8" });
        return res.end("Unauthorized");
      }
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        return answer(400, { ok: false, error: "invalid JSON" });
      }
      if (failures.left > 0) {
        failures.left -= 1;
        return answer(503, { ok: false, error: "gateway busy" }, { "retry-after": failures.retryAfter });
      }
      if (path === `${base}/wake`) {
        if (typeof body.text !== "string" || body.text.trim() === "")
          return answer(400, { ok: false, error: "text required" });
        wakes.push({ text: body.text, mode: typeof body.mode === "string" ? body.mode : "now" });
        return answer(200, { ok: true, mode: body.mode ?? "now" });
      }
      if (typeof body.message !== "string" || body.message.trim() === "") {
        return answer(400, { ok: false, error: "message required" });
      }
      if (
        body.deliver !== false &&
        (body.channel === "last" || (body.channel === undefined) !== (body.to === undefined))
      ) {
        return answer(400, { ok: false, error: "channel and to must be set together for hook delivery" });
      }
      if (body.sessionKey !== undefined && !allowSessionKey) {
        return answer(400, {
          ok: false,
          error:
            "sessionKey is disabled for externally supplied hooks payloads; set hooks.allowRequestSessionKey=true",
        });
      }
      const key = req.headers["idempotency-key"];
      const digest = createHash("sha256").update(raw).digest("hex");
      const known = typeof key === "string" ? seen.get(key) : undefined;
      if (known && known.digest === digest) return answer(200, { ok: true, runId: known.runId });
      const runId = randomUUID();
      if (typeof key === "string") seen.set(key, { digest, runId });
      runs.push({ runId, body });
      if (hold) {
        hold = false;
        requests.push({ path, headers: req.headers, raw, body, status: 0 });
        return;
      }
      return answer(200, { ok: true, runId });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    runs,
    wakes,
    failNext(n, retryAfter = "0") {
      failures = { left: n, retryAfter };
    },
    holdNext() {
      hold = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
