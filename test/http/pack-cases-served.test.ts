// Every case of every built-in pack (rules/presets/*.yaml, `tests:`), sent over HTTP to a real server
// serving that pack with the case's parameters, signed as the case runner signs it: the server answers
// what `hookgate test` reports, status and body, run ids aside.
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test, vi } from "vitest";
import { fileSources } from "../../src/commands/cases/load-sources.js";
import { runCase } from "../../src/commands/cases/run-case.js";
import type { CaseSource } from "../../src/commands/cases/source.js";
import { type Target, Targets } from "../../src/commands/cases/targets.js";
import { queryText, type SentRequest } from "../../src/commands/simulate.js";
import { createLogger } from "../../src/log.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { Database } from "../../src/store/sqlite/driver.js";
import type { SqliteStore } from "../../src/store/sqlite/store.js";
import { TEST_TOKEN } from "../helpers/config.js";

const PRESETS = fileURLToPath(new URL("../../rules/presets/", import.meta.url));
const packs = readdirSync(PRESETS)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();

const servers = new Map<Target, Promise<RunningServer>>();

afterAll(async () => {
  for (const server of servers.values()) await (await server).close();
});

/** The pack as its cases see it, served for real: its own store, the ingress only (nothing runs). */
function serve(target: Target): Promise<RunningServer> {
  let server = servers.get(target);
  if (!server) {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-pack-cases-"));
    const { config } = target;
    server = startServer({
      config: {
        ...config,
        dir,
        server: { ...config.server, logLevel: "silent" },
        // Cases with wrong signatures count as failures: far from the lockout here.
        hooks: {
          ...config.hooks,
          token: TEST_TOKEN,
          authFailures: { ...config.hooks.authFailures, max: 10_000 },
        },
        store: { kind: "sqlite", path: join(dir, "state.db") },
      },
      log: createLogger("silent"),
      host: "127.0.0.1",
      port: 0,
      worker: false,
    });
    servers.set(target, server);
  }
  return server;
}

async function send(server: RunningServer, hooksPath: string, sent: SentRequest) {
  const headers: Record<string, string> = { ...sent.headers };
  if (sent.token) headers.authorization = `Bearer ${TEST_TOKEN}`;
  if (sent.method !== "GET") headers["content-type"] ??= "application/json";
  const res = await fetch(`${server.url}${hooksPath}/${sent.name}${queryText(sent.query)}`, {
    method: sent.method ?? "POST",
    headers,
    ...(sent.method !== "GET" && { body: new Uint8Array(sent.raw) }),
  });
  const text = await res.text();
  const json = res.headers.get("content-type")?.startsWith("application/json");
  return { status: res.status, ...(text !== "" && { body: json ? JSON.parse(text) : text }) };
}

/** Run ids are made when a run is stored; everything else must be equal. */
function withoutIds(answer: { status: number; body?: unknown }) {
  const body = answer.body;
  if (body === null || typeof body !== "object") return answer;
  const b = { ...(body as Record<string, unknown>) };
  if (typeof b.runId === "string") b.runId = "(run id)";
  if (Array.isArray(b.runIds)) b.runIds = b.runIds.map(() => "(run id)");
  return { ...answer, body: b };
}

describe("the built-in packs' cases, sent to a real server", () => {
  test.each(packs)("%s: every case gets the answer hookgate test reports", async (file) => {
    const { config, sources } = await fileSources(join(PRESETS, file));
    const targets = new Targets(config);
    let sent = 0;
    try {
      for (const source of sources as CaseSource[]) {
        for (const c of source.cases) {
          const run = await runCase(source, c, targets);
          const target = await targets.for(source, c.params as Record<string, unknown> | undefined);
          const server = await serve(target);
          // A case signed at a fixed time (its payload carries that time) reaches a server whose
          // clock says the same.
          if (c.now !== undefined) vi.useFakeTimers({ toFake: ["Date"], now: new Date(c.now) });
          const served = await send(server, target.config.hooks.path, run.request).finally(() =>
            vi.useRealTimers(),
          );
          expect(withoutIds(served), `${file}: ${c.name}`).toEqual(withoutIds(run.answer));
          // Each case starts from a store with no wake pending and no flow key seen (a case may send
          // what an earlier one did), as `hookgate test` assumes.
          const store = server.runtime.store;
          const db = new Database((store as SqliteStore).file);
          db.exec("DELETE FROM flow_dedupe; DELETE FROM flow_windows; DELETE FROM flow_items");
          db.close();
          const pending = await store.pendingEvents();
          if (pending.length > 0)
            await store.consumeEvents(
              pending.map((e) => e.id),
              Date.now(),
            );
          sent++;
        }
      }
    } finally {
      targets.dispose();
    }
    expect(sent).toBeGreaterThan(0);
  });
});
