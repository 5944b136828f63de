// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${ENV} in expected output is the config syntax.
// The "Writing a pack" recipe of docs/guides/packs.md, run as a user would paste it in the folder of the
// quick start (with the built CLI for `npx hookgate`): the pack validates with the generated hook token,
// `packs show` keeps its secret out, its cases pass, and `hookgate test` routes the sample deploy to an
// agent run in the documented session.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI } from "../helpers/child.js";

const GUIDE = new URL("../../docs/guides/packs.md", import.meta.url);

function recipe(): string {
  const text = readFileSync(GUIDE, "utf8");
  const section = text.slice(text.indexOf("\n## Writing a pack\n"));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error("no sh block under ## Writing a pack");
  return block[1]!;
}

describe("packs guide: Writing a pack", () => {
  it("works when pasted", () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-readme-pack-"));
    // What the quick start leaves behind: the hook token `hookgate serve` generated on first start.
    mkdirSync(join(dir, ".hookgate"), { mode: 0o700 });
    writeFileSync(join(dir, ".hookgate", "token"), "generated-token-0123456789abcdefghijklmnop\n", {
      mode: 0o600,
    });
    const script = recipe().replaceAll("npx hookgate ", `node ${JSON.stringify(CLI)} `);
    const out = execFileSync("bash", ["-c", `set -euo pipefail\n${script}`], {
      cwd: dir,
      encoding: "utf8",
      env: { PATH: process.env["PATH"], HOME: dir },
    });
    expect(out).toContain(
      "my-hookgate/hookgate.yaml: valid — 2 mappings (2 from pack deploys), 0 rule files, presets: deploys, 1 agent",
    );
    expect(out).toContain(
      "pack deploys (my-hookgate/packs/deploys.yaml, not built in) reaches hook names deploys (without the token: verify header); untrusted-content fence on",
    );
    expect(out).toContain("  secret: string, required, secret; value (secret)");
    expect(out).toContain(
      '  environments: list of strings; default ["production"]; value ["production","staging"]',
    );
    for (const name of [
      "a failed staging deploy starts a run in the service's session",
      "a successful deploy is noted for the next heartbeat",
      "a wrong token is refused",
    ]) {
      expect(out).toContain(`PASS my-hookgate/packs/deploys.yaml: ${name}\n`);
    }
    expect(out).toContain("coverage: 2 of 2 mappings reached by a case (100%)");
    expect(out).toContain("verify: verified (header)");
    expect(out).toContain("decision: agent run, by mapping deploy-failed");
    expect(out).toContain("  sessionKey: hook:deploys:api");
    expect(out).toContain("answer: 202");
    expect(out).not.toContain("s3cret-shared-with-the-deploy-tool");
  }, 60_000);
});
