// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${param:NAME} in pack text is the syntax under test.
// Packs follow a reload: `serve --watch` picks up an edited pack file in hooks.packDirs and changed
// hooks.packs parameters; `hookgate reload` of a pack file broken on disk fails, naming the file, and
// the running generation keeps serving.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Child, listeningUrl, runCli } from "../helpers/child.js";

const TOKEN = "e2e-packs-token-0123456789abcdef";
const children: Child[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
});

/** A pack whose probe mapping wakes (200) or starts a run (202) for the payload types in `kinds`. */
const pack = (action: "wake" | "agent") => `id: probe
version: 1.0.0
params:
  kinds: { type: array, default: [a] }
mappings:
  - id: probe-${action}
    match:
      path: probe
      when: { in: [ { var: payload.kind }, "\${param:kinds}" ] }
    action: ${action}
    ${action === "wake" ? "textTemplate" : "messageTemplate"}: "probe {{kind}}"
    ${action === "agent" ? "deliver: false" : "wakeMode: now"}
`;

function config(kinds: string): string {
  return [
    "server: { host: 127.0.0.1, port: 0 }",
    "hooks:",
    "  enabled: true",
    `  token: ${TOKEN}`,
    "  packDirs: [packs]",
    "  presets: [probe]",
    `  packs: { probe: { kinds: ${kinds} } }`,
    'heartbeat: { every: "0" }',
    "store: { path: state.db }",
    "",
  ].join("\n");
}

function setup(): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-e2e-packs-"));
  writeFileSync(join(dir, "hookgate.yaml"), config("[a]"));
  mkdirSync(join(dir, "packs"));
  return { dir, file: join(dir, "hookgate.yaml") };
}

const post = async (url: string, kind: string) =>
  (
    await fetch(`${url}/hooks/probe`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ kind }),
    })
  ).status;

const generation = async (url: string) =>
  ((await (await fetch(`${url}/healthz`)).json()) as { config: { generation: number } }).config.generation;

describe("packs and reload", () => {
  it("an edited pack file and changed parameters reload; a broken pack file keeps the old rules serving", async () => {
    const { dir, file } = setup();
    writeFileSync(join(dir, "packs", "probe.yaml"), pack("wake"));
    const child = runCli(["serve", "--config", file, "--watch"]);
    children.push(child);
    const url = await listeningUrl(child);
    expect(await post(url, "a")).toBe(200);
    // Kind b is not among the pack's kinds: no mapping owns it.
    expect(await post(url, "b")).not.toBe(200);

    writeFileSync(join(dir, "packs", "probe.yaml"), pack("agent"));
    await expect.poll(() => post(url, "a"), { timeout: 20_000 }).toBe(202);
    expect(await generation(url)).toBe(2);

    // Parameters live in the config file: the reload its change starts applies them.
    writeFileSync(file, config("[b]"));
    await expect.poll(() => post(url, "b"), { timeout: 20_000 }).toBe(202);
    expect(await post(url, "a")).not.toBe(202);

    // A pack file broken on disk: the reload fails, the running generation keeps serving.
    const before = await generation(url);
    writeFileSync(join(dir, "packs", "probe.yaml"), pack("agent").replace("version: 1.0.0", "version: one"));
    const reload = runCli(["reload", "--config", file]);
    expect(await reload.exited).toBe(1);
    expect(reload.stderr()).toMatch(/probe\.yaml:2:\d+: version: /);
    expect(await generation(url)).toBe(before);
    expect(await post(url, "b")).toBe(202);
  }, 90_000);
});
