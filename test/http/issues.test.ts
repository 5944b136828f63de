// Issues over a real socket with real parts: runs failing through a real command runner, a transform
// throwing in the sandbox, GitHub signatures failing from one address. Each opens one issue (not one
// per failure), counts, and closes when the same path succeeds; `hookgate issues`, /metrics and the
// console show them.
import { createHmac } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { command as issuesCommand } from "../../src/commands/issues.js";
import type { ResolvedMapping } from "../../src/config/types.js";
import type { IssueRecord } from "../../src/store/types.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";
import { runCommand } from "../unit/command-helpers.js";

const SECRET = "github-secret-of-the-issues-test";

const mapping = (m: Partial<ResolvedMapping> & Pick<ResolvedMapping, "id" | "action">): ResolvedMapping => ({
  origin: `hooks.mappings[${m.id}]`,
  ...m,
});

describe("issues", () => {
  let s: TestServer;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-issues-"));
    const transforms = join(dir, "hooks", "transforms");
    mkdirSync(transforms, { recursive: true });
    writeFileSync(
      join(transforms, "shape.js"),
      'export default function (ctx) { if (ctx.payload.v2) throw new Error("unknown shape"); return { message: "ok" }; }\n',
    );
    // A runner that fails on the word FAIL, as a model CLI whose token expired would.
    writeFileSync(
      join(dir, "agent.mjs"),
      'let m = ""; process.stdin.on("data", (c) => (m += c)); process.stdin.on("end", () => { if (m.includes("FAIL")) { console.error("token expired"); process.exit(3); } console.log("done"); });\n',
    );
    s = await startTestServer({
      dir,
      hooks: {
        mappings: [
          mapping({ id: "task", action: "agent", match: { path: "task" }, messageTemplate: "{{text}}" }),
          mapping({
            id: "shape",
            action: "agent",
            match: { path: "shape" },
            transform: { module: "shape.js" },
          }),
          mapping({
            id: "gh",
            action: "wake",
            match: { path: "github" },
            verify: { scheme: "github", secret: SECRET },
            textTemplate: "push",
          }),
        ],
      },
      agents: {
        list: [{ id: "main", runner: { kind: "command", command: [process.execPath, "agent.mjs"] } }],
      },
    });
  });
  afterAll(() => s?.close());

  const settle = async () => {
    await s.runtime.idle();
    await s.runtime.issues.flush();
  };
  const open = async (): Promise<IssueRecord[]> => s.runtime.store.listIssues({ limit: 50, status: "open" });

  it("runs failing through a real runner open one issue, counted, closed by a run that succeeds", async () => {
    for (let i = 0; i < 3; i++) expect((await s.post("/hooks/task", { text: `FAIL ${i}` })).status).toBe(202);
    await settle();
    const runIssues = (await open()).filter((i) => i.kind === "run");
    expect(runIssues).toHaveLength(1);
    expect(runIssues[0]).toMatchObject({ subject: "agent:main", code: "RUN_FAILED", count: 3 });
    expect(runIssues[0]!.message).toContain("token expired");
    const failed = await s.runtime.store.getRun(runIssues[0]!.exampleRunId!);
    expect(failed?.status).toBe("failed");

    const metrics = await (await fetch(`${s.url}/metrics`)).text();
    expect(metrics).toContain('hookgate_issues_open{kind="run"} 1');
    const listed = await runCommand(issuesCommand, ["--store", join(s.dir, ".hookgate", "state.db")]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/open\s+runs failing for agent main\s+RUN_FAILED\s+3/);

    expect((await s.post("/hooks/task", { text: "all good" })).status).toBe(202);
    await settle();
    expect((await open()).filter((i) => i.kind === "run")).toEqual([]);
    const [closed] = await s.runtime.store.listIssues({ limit: 1, status: "closed" });
    expect(closed).toMatchObject({ id: runIssues[0]!.id, count: 3 });
    expect(closed!.closedAt).toBeGreaterThanOrEqual(closed!.lastSeen);
    expect(await (await fetch(`${s.url}/metrics`)).text()).toContain('hookgate_issues_open{kind="run"} 0');
  });

  it("a transform throwing on a new payload shape is an issue of its mapping until the mapping works again", async () => {
    for (let i = 0; i < 2; i++) expect((await s.post("/hooks/shape", { v2: true })).status).toBe(500);
    await settle();
    const [issue] = (await open()).filter((i) => i.kind === "transform");
    expect(issue).toMatchObject({ subject: "mapping:shape", code: "TRANSFORM_THREW", count: 2 });
    // The example is the request log's entry, where the detail is kept; the issue keeps no payload text.
    expect(issue!.exampleRequestId).toBeDefined();
    expect(JSON.stringify(issue)).not.toContain("unknown shape");
    expect((await s.post("/hooks/shape", { v1: true })).status).toBe(202);
    await settle();
    expect((await open()).filter((i) => i.kind === "transform")).toEqual([]);
  });

  it("failing signatures are an issue of the hook path and the sender's address; a good one closes it", async () => {
    const body = JSON.stringify({ ref: "main" });
    const sig = (secret: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
    const send = (secret: string) =>
      s.post("/hooks/github", body, { token: null, headers: { "x-hub-signature-256": sig(secret) } });
    for (let i = 0; i < 3; i++) expect((await send("the-old-secret")).status).toBe(401);
    await settle();
    const [issue] = (await open()).filter((i) => i.kind === "verification");
    expect(issue).toMatchObject({ subject: "hook:github", code: "SIGNATURE_INVALID", count: 3 });
    expect(issue!.address).toMatch(/127\.0\.0\.1/);
    // The hook token proves nothing about the sender's secret: the issue stays open.
    expect((await s.post("/hooks/github", { ref: "x" })).status).toBe(200);
    await settle();
    expect((await open()).filter((i) => i.kind === "verification")).toHaveLength(1);
    expect((await send(SECRET)).status).toBe(200);
    await settle();
    expect((await open()).filter((i) => i.kind === "verification")).toEqual([]);
    expect(JSON.stringify(await s.runtime.store.listIssues({ limit: 50 }))).not.toContain(TEST_TOKEN);
  });

  it("the console lists open and closed issues with a link to an example", async () => {
    const login = await fetch(`${s.url}/console/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: s.url },
      body: new URLSearchParams({ token: TEST_TOKEN }).toString(),
    });
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    expect((await s.post("/hooks/task", { text: "FAIL again" })).status).toBe(202);
    await settle();
    const page = await (await fetch(`${s.url}/console/issues`, { headers: { cookie } })).text();
    expect(page).toContain('<a href="/console/issues" aria-current="page">Issues</a>');
    expect(page).toContain("Open issues, newest first");
    expect(page).toContain("runs failing for agent main");
    expect(page).toContain("Closed issues, newest first");
    expect(page).toMatch(/<a href="\/console\/runs\/[^"]+">run<\/a>/);
  });
});
