// The README's quick start and "Connect GitHub with the github pack", run as a newcomer pastes them:
// the built server on the built-in default (a free port instead of 18789, the built CLI for
// `npx hookgate`), the quick start's curl commands, then the GitHub steps: the secret made with
// openssl, the configuration that keeps the generated token, `hookgate test`, and deliveries with the
// token and signed with openssl as GitHub signs them. The answers the README shows in comments
// (`# {"ok":true,...}`) must be the answers the server gives.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type Child, CLI, listeningUrl, runCli } from "../helpers/child.js";

const ROOT = new URL("../../", import.meta.url);
const README = readFileSync(new URL("README.md", ROOT), "utf8");

/** The sh blocks between one heading of the README and the next heading of the same level. */
function shBlocks(heading: string): string[] {
  const start = README.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`no section "${heading}" in the README`);
  const end = README.indexOf("\n## ", start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

/** The answers a block shows in comments, as patterns: `...` stands for any text in a string. */
function shownAnswers(block: string): RegExp[] {
  return [...block.matchAll(/^# (\{.*?\})(?:\s{2,}.*)?$/gm)].map(
    (m) =>
      new RegExp(
        m[1]!
          .split("...")
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
          .join('[^"]*'),
      ),
  );
}

describe("README: the quick start, then Connect GitHub, as written", () => {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-readme-"));
  // The README runs in a checkout: its commands read the packs' sample payloads under rules/.
  symlinkSync(new URL("rules", ROOT), join(dir, "rules"));
  const servers: Child[] = [];
  let url = "";

  afterAll(async () => {
    for (const s of servers) {
      if (s.proc.exitCode === null) {
        s.proc.kill("SIGTERM");
        await s.exited;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const env = { PATH: process.env["PATH"], HOME: dir };
  // The GitHub steps run in the quick start's terminal, where it exported the hook token.
  let shell = "";
  /** A block as pasted in the folder, with the running server's address and the built CLI. */
  const paste = (block: string): string => {
    const script = block
      .replaceAll("http://127.0.0.1:18789", url)
      .replaceAll("npx hookgate ", `node ${JSON.stringify(CLI)} `);
    const r = spawnSync("bash", ["-c", `set -euo pipefail\n${shell}${script}`], {
      cwd: dir,
      encoding: "utf8",
      env,
    });
    if (r.status !== 0)
      throw new Error(
        `exit ${r.status ?? r.signal}:\n${script}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`,
      );
    return r.stdout;
  };
  const start = async (): Promise<Child> => {
    // `npm start` is `node dist/cli.js serve`; port 0 stands for 18789, which may be in use here.
    const server = runCli(["serve", "--port", "0"], { cwd: dir, env: { HOOKGATE_TOKEN: undefined } });
    servers.push(server);
    url = await listeningUrl(server);
    return server;
  };

  it("quick start: the built-in default generates the token, and takes a wake and a mail", async () => {
    const server = await start();
    expect(server.stdout()).toContain("A hook token was generated and saved (it is shown only this once): ");
    const [, send] = shBlocks("Quick start");
    const out = paste(send!);
    for (const answer of shownAnswers(send!)) expect(out).toMatch(answer);
    shell = `${/^export HOOKGATE_TOKEN=.*$/m.exec(send!)![0]}\n`;
    expect(out).toContain("Deploy of api finished");
    expect(out).toMatch(/ Mail /);
  });

  it("Connect GitHub: the configuration validates with the generated token and the secret's file", () => {
    const [secret, config] = shBlocks("Connect GitHub with the `github` pack");
    paste(secret!);
    expect(paste(config!)).toContain("hookgate.yaml: valid — 5 mappings (5 from pack github), ");
  });

  it("Connect GitHub: after a restart, the pull request is tried, sent with the token and signed as GitHub signs", async () => {
    const first = servers[0]!;
    first.proc.kill("SIGINT");
    await first.exited;
    await start();
    const step3 = shBlocks("Connect GitHub with the `github` pack").find((b) =>
      b.includes("X-Hub-Signature-256"),
    );
    expect(step3).toBeDefined();
    const out = paste(step3!);
    expect(out).toContain("decision: agent run, by mapping github-pr");
    const answers = shownAnswers(step3!);
    expect(answers).toHaveLength(2);
    // Two runs stored (hookgate test's answer reads "(assigned when stored)" instead of an id).
    expect(out.match(/\{"ok":true,"runId":"[0-9a-f-]{36}"\}/g)).toHaveLength(2);
    expect(out).toMatch(/ GitHub /);

    // With another secret, the same signed delivery is refused, as the README's comment says.
    writeFileSync(join(dir, ".hookgate", "github-secret"), "not-the-secret-github-has\n", { mode: 0o600 });
    const signed = step3!.slice(step3!.indexOf("BODY="), step3!.lastIndexOf("npx hookgate runs"));
    expect(paste(signed)).toContain('"code":"SIGNATURE_INVALID"');
  });
});
