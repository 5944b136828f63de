// One delivery, found: a request's delivery id in the request log over a real socket, and
// `hookgate requests --delivery ID` finding it with its decision and runs, on SQLite and PostgreSQL.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { command as requests } from "../../src/commands/requests.js";
import type { ResolvedConfig } from "../../src/config/types.js";
import type { RequestLogRecord } from "../../src/store/types.js";
import type { DeepPartial } from "../helpers/config.js";
import { dropSchema, PG_URL, pgAvailable, pgStoreConfig, uniqueSchema } from "../helpers/pg.js";
import { startTestServer, type TestServer } from "../helpers/server.js";
import { runCommand } from "../unit/command-helpers.js";

const pg = await pgAvailable();
const SECRET = "github-secret-of-this-test";

const mappings = [
  {
    id: "gh-issue",
    origin: "hooks.mappings[0]",
    action: "agent" as const,
    match: { path: "github" },
    verify: { scheme: "github" as const, secret: SECRET },
    messageTemplate: "Issue {{issue.title}}",
  },
  {
    id: "deploy",
    origin: "hooks.mappings[1]",
    action: "wake" as const,
    match: { path: "deploy" },
    textTemplate: "Deployed {{service}}",
  },
];

const kinds: Array<{ name: string; skip: boolean; store: () => DeepPartial<ResolvedConfig>["store"] }> = [
  { name: "SQLite", skip: false, store: () => undefined },
  { name: "PostgreSQL", skip: !pg, store: () => pgStoreConfig(uniqueSchema("delivery")) },
];

const sign = (body: string) => `sha256=${createHmac("sha256", SECRET).update(body).digest("hex")}`;

for (const kind of kinds) {
  describe.skipIf(kind.skip)(`one delivery, found (${kind.name})`, () => {
    let s: TestServer;
    let schema: string | undefined;
    let storeArg: string;

    beforeAll(async () => {
      const store = kind.store();
      schema = store && "schema" in store ? store.schema : undefined;
      s = await startTestServer(
        { hooks: { mappings }, requestLog: { enabled: true, maxBodyBytes: 4096 }, ...(store && { store }) },
        { worker: false },
      );
      storeArg = s.config.store.kind === "sqlite" ? s.config.store.path : `${PG_URL}?schema=${schema ?? ""}`;
    });
    afterAll(async () => {
      await s?.close();
      if (schema) await dropSchema(schema);
    });

    const logged = async (deliveryId: string, count: number): Promise<RequestLogRecord[]> => {
      let rows: RequestLogRecord[] = [];
      await expect
        .poll(async () => {
          rows = await s.runtime.store.listRequests({ limit: 10, deliveryId });
          return rows.length;
        })
        .toBe(count);
      return rows;
    };

    it("a GitHub delivery and its redelivery: both found by X-GitHub-Delivery, with the run", async () => {
      const body = JSON.stringify({ issue: { title: "Login broken" } });
      const headers = { "x-hub-signature-256": sign(body), "x-github-delivery": "gh-delivery-1" };
      const first = await s.post("/hooks/github", body, { token: null, headers });
      expect(first.status).toBe(202);
      const { runId } = (await first.json()) as { runId: string };
      const again = await s.post("/hooks/github", body, { token: null, headers });
      expect(again.status).toBe(202);
      const rows = await logged("gh-delivery-1", 2);
      expect(rows.map((r) => r.outcome)).toEqual(["replayed", "agent"]);
      expect(rows.every((r) => r.runId === runId && r.verified === "github")).toBe(true);

      const text = await runCommand(requests, ["--delivery", "gh-delivery-1", "--store", storeArg]);
      expect(text.stderr).toBe("");
      expect(text.code).toBe(0);
      expect(text.stdout).toContain("  delivery  gh-delivery-1\n");
      expect(text.stdout).toContain("  decision  agent run by gh-issue\n");
      expect(text.stdout).toContain("repeat: answered like the first");
      expect(text.stdout).toContain(`  run       ${runId} queued\n`);
      expect(text.stdout).toContain("request   POST /github (signature: github)");

      const json = await runCommand(requests, ["--delivery", "gh-delivery-1", "--json", "--store", storeArg]);
      const found = JSON.parse(json.stdout) as Array<{ outcome: string; runs: Array<{ id: string }> }>;
      expect(found.map((r) => [r.outcome, r.runs.map((x) => x.id)])).toEqual([
        ["replayed", [runId]],
        ["agent", [runId]],
      ]);
    });

    it("a delivery whose signature failed is found too, with its refusal", async () => {
      const body = JSON.stringify({ issue: { title: "x" } });
      const r = await s.post("/hooks/github", body, {
        token: null,
        headers: { "x-hub-signature-256": sign("another body"), "x-github-delivery": "gh-bad-2" },
      });
      expect(r.status).toBe(401);
      const [row] = await logged("gh-bad-2", 1);
      expect(row).toMatchObject({ status: 401, code: "SIGNATURE_INVALID", outcome: "rejected" });
      const text = await runCommand(requests, ["--delivery", "gh-bad-2", "--store", storeArg]);
      expect(text.stdout).toContain("  answer    401 SIGNATURE_INVALID\n");
    });

    it("a request with the token is found by its sender's id header (webhook-id)", async () => {
      const r = await s.post("/hooks/deploy", { service: "api" }, { headers: { "webhook-id": "msg_2Lh9" } });
      expect(r.status).toBe(200);
      const [row] = await logged("msg_2Lh9", 1);
      expect(row).toMatchObject({ outcome: "wake", mappingId: "deploy", deliveryId: "msg_2Lh9" });
    });

    it("an id nobody sent is an error that says where it looked", async () => {
      const text = await runCommand(requests, ["--delivery", "no-such-delivery", "--store", storeArg]);
      expect(text.code).toBe(1);
      expect(text.stderr).toContain('no logged request with delivery id "no-such-delivery"');
    });
  });
}
