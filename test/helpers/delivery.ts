// Parts for delivery tests: fake chat services (fastify on a loopback port, recording every request),
// a real SQLite store in a temp folder, runs waiting for delivery, a captured log and a sleep that
// records what it was asked to wait instead of waiting. Whatever a test opens here, `closeOpened` (an
// afterEach of the test file) closes.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import type { ResolvedConfig } from "../../src/config/types.js";
import { createLogger, type Logger } from "../../src/log.js";
import { createDelivery } from "../../src/runtime/delivery/index.js";
import type { Delivery } from "../../src/runtime/delivery/types.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import type { DeliveryState, NewRun } from "../../src/store/types.js";
import type { ChannelsConfig } from "../../src/types/generated.js";
import { type DeepPartial, testConfig } from "./config.js";

export interface SeenRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: request bodies are asserted field by field
  body: any;
}

export interface FakeService {
  url: string;
  app: FastifyInstance;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** Fake services and harnesses not closed yet. */
const opened = new Set<{ close(): Promise<void> }>();

/** Closes every fake service and harness still open; use as `afterEach(closeOpened)`. */
export async function closeOpened(): Promise<void> {
  for (const thing of [...opened]) await thing.close();
}

/** Registers `thing` as open until its close() is called. */
function tracked<T extends { close(): Promise<void> }>(thing: T): T {
  const close = thing.close;
  thing.close = async () => {
    opened.delete(thing);
    await close();
  };
  opened.add(thing);
  return thing;
}

/** A fake service; `routes` answers like the real one. Every request is recorded before it is answered. */
export async function fakeService(routes: (app: FastifyInstance) => void = () => {}): Promise<FakeService> {
  const app = Fastify({ logger: false });
  const seen: SeenRequest[] = [];
  app.addHook("preHandler", async (req) => {
    seen.push({
      method: req.method,
      path: req.url.split("?")[0] ?? req.url,
      query: { ...(req.query as Record<string, string>) },
      headers: { ...req.headers },
      body: req.body,
    });
  });
  // Like fastify's own 404, which echoes the URL (and with it whatever credential the URL carries).
  app.setNotFoundHandler(async (req, reply) =>
    reply.code(404).send({ message: `Route ${req.method}:${req.url} not found`, error: "Not Found" }),
  );
  routes(app);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return tracked({ url: `http://127.0.0.1:${port}`, app, seen, close: () => app.close() });
}

/** Answers a route with a queue of replies, the last one repeating. */
export function answers(
  ...queue: Array<{ status: number; body?: unknown; headers?: Record<string, string> }>
): (req: unknown, reply: import("fastify").FastifyReply) => Promise<unknown> {
  let i = 0;
  return async (_req, reply) => {
    const next = queue[Math.min(i, queue.length - 1)]!;
    i += 1;
    reply.code(next.status);
    for (const [k, v] of Object.entries(next.headers ?? {})) reply.header(k, v);
    return reply.send(next.body ?? "");
  };
}

export interface Harness {
  dir: string;
  store: SqliteStore;
  config: ResolvedConfig;
  delivery: Delivery;
  /** Every delay the retry logic asked for, in order. */
  waits: number[];
  /** The delivery's clock: starts at a fixed time and moves only when the delivery sleeps. */
  clock: { now: number };
  /** Every log line written so far. */
  logs: string[];
  /** A delivery over the same store with other options (a restart, another config). */
  recreate(over?: HarnessOptions): Delivery;
  close(): Promise<void>;
}

export interface HarnessOptions {
  channels?: ChannelsConfig;
  config?: DeepPartial<ResolvedConfig>;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  requestTimeoutMs?: number;
}

/** Where every harness clock starts: 2025-01-01T00:00:00Z. */
export const CLOCK_START = Date.parse("2025-01-01T00:00:00Z");

/**
 * A delivery over a fresh SQLite store; retries wait for nothing: a wait moves the delivery's clock
 * instead (random = 0.5 unless given).
 */
export async function harness(opts: HarnessOptions = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-delivery-"));
  const store = new SqliteStore(join(dir, "state.db"));
  await store.open();
  const waits: number[] = [];
  const clock = { now: CLOCK_START };
  const logs: string[] = [];
  const log: Logger = createLogger("debug", { write: (line: string) => void logs.push(line) });
  const build = (o: HarnessOptions) => {
    const config = testConfig({
      dir,
      ...o.config,
      channels: o.channels ?? {},
    } as DeepPartial<ResolvedConfig>);
    const delivery = createDelivery({
      config,
      store,
      log,
      random: o.random ?? (() => 0.5),
      now: () => clock.now,
      ...(o.requestTimeoutMs ? { requestTimeoutMs: o.requestTimeoutMs } : {}),
      sleep:
        o.sleep ??
        (async (ms) => {
          waits.push(ms);
          clock.now += ms;
        }),
    });
    return { config, delivery };
  };
  const first = build(opts);
  return tracked({
    dir,
    store,
    config: first.config,
    delivery: first.delivery,
    waits,
    clock,
    logs,
    recreate: (over = {}) => build({ ...opts, ...over }).delivery,
    async close() {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}

let runSeq = 0;

/** A finished run in the store, waiting for delivery (delivery state `pending` when given). */
export async function finishedRun(
  store: SqliteStore,
  opts: { reply?: string; channel?: string; to?: string; delivery?: DeliveryState } = {},
): Promise<string> {
  runSeq += 1;
  const id = `run-${process.pid}-${runSeq}`;
  const run: NewRun = {
    id,
    name: "Test",
    message: "hello",
    sessionKey: `hook:${id}`,
    wakeMode: "now",
    deliver: true,
    channel: opts.channel ?? "last",
    ...(opts.to ? { to: opts.to } : {}),
    receivedAt: Date.now(),
  };
  await store.acceptRun(run);
  await store.claimRuns(1, Date.now());
  await store.finishRun(
    id,
    {
      status: "succeeded",
      ...(opts.reply !== undefined ? { reply: opts.reply } : {}),
      finishedAt: Date.now(),
    },
    opts.delivery ? { delivery: opts.delivery } : {},
  );
  return id;
}
