// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${ENV} in expected output is the config syntax.
// The README's "Writing a pack" recipe, run as a user would paste it (with the built CLI for `npx
// hookgate`): the pack validates, `packs show` keeps its secret out, its cases pass, and `hookgate
// test` routes the sample deploy to an agent run in the documented session.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI } from "../helpers/child.js";

const README = new URL("../../README.md", import.meta.url);

function recipe(): string {
  const text = readFileSync(README, "utf8");
  const section = text.slice(text.indexOf("\n## Writing a pack\n"));
  const block = /```sh\n([\s\S]*?)```/.exec(section);
  if (!block) throw new Error("no sh block under ## Writing a pack");
  return block[1]!;
}

describe("README: Writing a pack", () => {
  it("works when pasted", () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-readme-pack-"));
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
      "  secret: string, required, secret; default ${DEPLOY_WEBHOOK_SECRET}; value (secret)",
    );
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
