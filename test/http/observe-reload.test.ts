// Observability across a reload in place: each request log entry carries the fingerprint of the
// generation that decided it, the console re-decides with the generation serving now (and says the
// rules changed), and logs in with the token of the current config.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { createLogger } from "../../src/log.js";
import { type RunningServer, startServer } from "../../src/server.js";

const config = (token: string, template: string) =>
  [
    "server: { host: 127.0.0.1, port: 0 }",
    "hooks:",
    "  enabled: true",
    `  token: ${token}`,
    "  mappings:",
    "    - id: probe",
    "      match: { path: probe }",
    "      action: wake",
    `      textTemplate: "${template}"`,
    'heartbeat: { every: "0" }',
    "store: { path: state.db }",
    "",
  ].join("\n");

const A = "token-a-0123456789abcdefghijkl";
const B = "token-b-0123456789abcdefghijkl";

describe("observability across a reload", () => {
  let server: RunningServer;
  afterAll(() => server?.close());

  it("logs which rules decided, and the console follows the generation serving now", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-observe-reload-"));
    const file = join(dir, "hookgate.yaml");
    writeFileSync(file, config(A, "A {{i}}"));
    const load = () => loadConfig({ file, cwd: dir, env: {} });
    server = await startServer({
      config: (await load()).config,
      log: createLogger("silent"),
      loadConfig: load,
    });
    const post = (token: string, i: number) =>
      fetch(`${server.url}/hooks/probe`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ i }),
      });

    expect((await post(A, 1)).status).toBe(200);
    writeFileSync(file, config(B, "B {{i}}"));
    expect((await server.reload("test")).ok).toBe(true);
    expect((await post(B, 2)).status).toBe(200);

    const store = server.runtime.store;
    await expect.poll(async () => (await store.listRequests({ limit: 10 })).length).toBe(2);
    const [second, first] = await store.listRequests({ limit: 10 });
    expect(first!.decision?.action).toMatchObject({ text: "A 1" });
    expect(second!.decision?.action).toMatchObject({ text: "B 2" });
    expect(first!.rulesDigest).not.toBe(second!.rulesDigest);

    const login = (token: string) =>
      fetch(`${server.url}/console/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: server.url },
        body: new URLSearchParams({ token }).toString(),
      });
    expect((await login(A)).status).toBe(401);
    const ok = await login(B);
    expect(ok.status).toBe(303);
    const cookie = ok.headers.get("set-cookie")!.split(";")[0]!;
    const page = await (
      await fetch(`${server.url}/console/requests/${first!.id}`, { headers: { cookie } })
    ).text();
    expect(page).toContain("The rules have changed since this request was decided");
    expect(page).toContain("text: &quot;A 1&quot; → &quot;B 1&quot;");
  });
});
