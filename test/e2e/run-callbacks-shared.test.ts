// An HTTP agent's later answer on a group of instances (node dist/cli.js) sharing one PostgreSQL
// schema: the callback may reach an instance other than the one that sent the run, and it still ends
// the run, once; a callback after the run's deadline is refused; and one posted while the sending
// instance is down (SIGKILL) ends the run when the run is taken up again, without sending it twice.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PostgresStore } from "../../src/store/postgres/store.js";
import type { RunRecord } from "../../src/store/types.js";
import { type Child, listeningUrl, runCli, waitFor } from "../helpers/child.js";
import { dropSchema, PG_URL, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";

const available = await pgAvailable();
const TOKEN = "callback-token-0123456789abcdefgh";
const SECRET = "callback-agent-secret-0123456789";

/** Generous: several child processes and a database on a machine whose two cores may be busy. */
const WAIT_MS = 120_000;

interface Sent {
  runId: string;
  callbackUrl: string;
  deadline: string;
}

/** An HTTP agent that takes every run with 202, to answer later. */
async function startAgent(): Promise<{ url: string; sent: Sent[]; close(): Promise<void> }> {
  const sent: Sent[] = [];
  const srv = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      sent.push(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Sent);
      res.writeHead(202, { "content-type": "application/json" });
      res.end('{"accepted":true}');
    });
  });
  await new Promise<void>((ok) => srv.listen(0, "127.0.0.1", ok));
  return {
    url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}/agent`,
    sent,
    close: () =>
      new Promise<void>((ok) => {
        srv.closeAllConnections();
        srv.close(() => ok());
      }),
  };
}

describe.skipIf(!available)(
  "an HTTP agent's later answer, on several instances of one PostgreSQL store",
  () => {
    let dir: string;
    let schema: string;
    let agent: Awaited<ReturnType<typeof startAgent>>;
    let reader: PostgresStore | null = null;
    const children: Child[] = [];

    beforeEach(async () => {
      dir = mkdtempSync(join(tmpdir(), "hookgate-callbacks-"));
      schema = uniqueSchema("cb");
      agent = await startAgent();
    });

    afterEach(async () => {
      for (const c of children.splice(0)) {
        if (c.proc.exitCode === null && c.proc.signalCode === null) {
          c.proc.kill("SIGKILL");
          await c.exited;
        }
      }
      await agent.close();
      await reader?.close();
      reader = null;
      await dropSchema(schema);
      rmSync(dir, { recursive: true, force: true });
    });

    function writeConfig(): string {
      const file = join(dir, "hookgate.yaml");
      writeFileSync(
        file,
        [
          "server: { host: 127.0.0.1, port: 0 }",
          "hooks:",
          "  enabled: true",
          `  token: ${TOKEN}`,
          "agents:",
          "  list:",
          "    - id: main",
          "      default: true",
          // The agent is told one base URL; the test posts each callback to the instance it chooses.
          `      runner: { kind: http, url: "${agent.url}", secret: ${SECRET}, callbackBaseUrl: "http://127.0.0.1:1" }`,
          'heartbeat: { every: "0", coalesceMs: 0 }',
          "store:",
          "  kind: postgres",
          `  url: ${PG_URL}`,
          `  schema: ${schema}`,
          "  poolSize: 4",
          "  leaseSeconds: 5",
          "",
        ].join("\n"),
      );
      return file;
    }

    async function serve(config: string, ...flags: string[]): Promise<{ child: Child; url: string }> {
      const child = runCli(["serve", "--config", config, ...flags]);
      children.push(child);
      return { child, url: await listeningUrl(child) };
    }

    async function store(): Promise<PostgresStore> {
      if (!reader) {
        reader = new PostgresStore(pgStoreConfig(schema), { readonly: true });
        await reader.open();
      }
      return reader;
    }

    async function runOf(url: string, body: unknown): Promise<string> {
      const res = await fetch(`${url}/hooks/agent`, {
        method: "POST",
        headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as { runId: string }).runId;
    }

    /** POSTs to the path of the callback URL the agent was given, at the instance `url`. */
    const callBack = (url: string, sent: Sent, body: unknown) =>
      fetch(`${url}${new URL(sent.callbackUrl).pathname}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });

    const finished = async (id: string): Promise<RunRecord> =>
      waitFor(async () => {
        const run = await (await store()).getRun(id);
        return run && run.status !== "queued" && run.status !== "running" ? run : undefined;
      }, WAIT_MS);

    it("a run sent by one instance ends with the answer posted to another, once", async () => {
      const config = writeConfig();
      const a = await serve(config);
      const b = await serve(config, "--no-worker");

      const id = await runOf(a.url, { message: "research this", name: "Research" });
      const sent = await waitFor(() => agent.sent.find((s) => s.runId === id), WAIT_MS);
      const answered = await callBack(b.url, sent, { reply: "Found three papers." });
      expect(answered.status).toBe(200);

      expect(await finished(id)).toMatchObject({ status: "succeeded", reply: "Found three papers." });
      // The reply takes the usual path: the main session hears of it.
      const events = await (await store()).listEvents({ limit: 10 });
      expect(events.map((e) => e.text)).toContain("Hook Research: Found three papers.");

      for (const url of [a.url, b.url]) {
        const again = await callBack(url, sent, { reply: "again" });
        expect(again.status).toBe(409);
        expect(await again.json()).toMatchObject({ code: "CALLBACK_USED" });
      }
      expect((await (await store()).getRun(id))!.reply).toBe("Found three papers.");
      expect(agent.sent.filter((s) => s.runId === id)).toHaveLength(1);
    });

    it("a callback after the run's deadline is refused, on either instance", async () => {
      const config = writeConfig();
      const a = await serve(config);
      const b = await serve(config, "--no-worker");

      const id = await runOf(a.url, { message: "research this", timeoutSeconds: 1 });
      const sent = await waitFor(() => agent.sent.find((s) => s.runId === id), WAIT_MS);
      expect((await finished(id)).status).toBe("timed_out");
      await waitFor(() => (Date.now() > Date.parse(sent.deadline) ? true : undefined), WAIT_MS);
      for (const url of [b.url, a.url]) {
        const late = await callBack(url, sent, { reply: "too late" });
        expect(late.status).toBe(410);
        expect(await late.json()).toMatchObject({ code: "CALLBACK_EXPIRED" });
      }
      expect((await (await store()).getRun(id))!.reply).toBeUndefined();
    });

    it("an answer posted while the sending instance is down ends the run once it is taken up again", async () => {
      const config = writeConfig();
      const a = await serve(config);
      const b = await serve(config, "--no-worker");

      const id = await runOf(b.url, { message: "research this" });
      const sent = await waitFor(() => agent.sent.find((s) => s.runId === id), WAIT_MS);
      a.child.proc.kill("SIGKILL");
      await a.child.exited;
      expect((await callBack(b.url, sent, { reply: "Answered while you were away." })).status).toBe(200);

      // A new instance takes the run back once the dead one's lease runs out, and finds its answer.
      await serve(config);
      expect(await finished(id)).toMatchObject({
        status: "succeeded",
        reply: "Answered while you were away.",
      });
      expect(agent.sent.filter((s) => s.runId === id)).toHaveLength(1);
      expect((await callBack(b.url, sent, { reply: "again" })).status).toBe(409);
    });
  },
);
