// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${file:...} in plain strings is the config syntax under test.
// ${file:PATH}: secrets handed over as files (Docker, systemd credentials, Kubernetes volumes).
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIssue } from "../../src/config/errors.js";
import { MAX_SECRET_FILE_BYTES } from "../../src/config/source/secret-file.js";
import { issueAt, loadErrors, loadYaml, TOKEN, tempDir, writeFiles } from "./config-helpers.js";

/** A secret file readable by its owner only, as a careful operator writes it. */
function secret(dir: string, name: string, text: string, mode = 0o600): string {
  const file = join(dir, name);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
  chmodSync(file, mode);
  return file;
}

describe("${file:PATH} interpolation", () => {
  it("reads the hook token from a file, dropping the trailing newline", async () => {
    const dir = tempDir();
    const file = secret(dir, "hook_token", `${TOKEN}\n`);
    const { config, warnings } = await loadYaml(`hooks:\n  enabled: true\n  token: \${file:${file}}\n`, {
      dir,
    });
    expect(config.hooks.token).toBe(TOKEN);
    expect(warnings).toEqual([]);
  });

  it("resolves a relative path against the config file's folder, not the working folder", async () => {
    const dir = tempDir();
    secret(dir, "conf/secrets/api_key", "sk-from-file \r\n\t ");
    writeFiles(dir, {
      "conf/hookgate.yaml":
        "providers:\n  openai: { baseUrl: https://api.openai.com/v1, apiKey: '${file:secrets/api_key}' }\n",
    });
    const { loadConfig } = await import("../../src/config/load.js");
    const { config } = await loadConfig({ file: "conf/hookgate.yaml", cwd: dir, env: {} });
    expect(config.providers["openai"]?.apiKey).toBe("sk-from-file");
  });

  it("works inside a longer value and in rule files, relative to the config's folder", async () => {
    const dir = tempDir();
    secret(dir, "secrets/chat", "4242\n");
    const { config } = await loadYaml(
      "hooks:\n  rules: [rules/more.yaml]\nheartbeat:\n  prompt: 'chat ${file:secrets/chat}!'\n",
      {
        dir,
        extra: {
          "rules/more.yaml":
            "mappings:\n  - action: wake\n    textTemplate: x\n    to: ${file:secrets/chat}\n",
        },
      },
    );
    expect(config.heartbeat.prompt).toBe("chat 4242!");
    expect(config.hooks.mappings[0]?.to).toBe("4242");
  });

  it("names the key and the file when the file is missing", async () => {
    const dir = tempDir();
    const issues = await loadErrors("hooks:\n  enabled: true\n  token: ${file:secrets/nope}\n", { dir });
    expect(formatIssue(issueAt(issues, "hooks.token"))).toBe(
      `hookgate.yaml:3:10: hooks.token: secret file ${join(dir, "secrets/nope")} not found; create it or correct the path`,
    );
  });

  it("refuses an empty file, a folder, a device and an oversized file, naming each", async () => {
    const dir = tempDir();
    secret(dir, "empty", "\n\n");
    mkdirSync(join(dir, "folder"));
    secret(dir, "big", "x".repeat(MAX_SECRET_FILE_BYTES + 1));
    const issues = await loadErrors(
      [
        "providers:",
        "  a: { baseUrl: 'http://a', apiKey: '${file:empty}' }",
        "  b: { baseUrl: 'http://b', apiKey: '${file:folder}' }",
        "  c: { baseUrl: 'http://c', apiKey: '${file:/dev/zero}' }",
        "  d: { baseUrl: 'http://d', apiKey: '${file:big}' }",
        "",
      ].join("\n"),
      { dir },
    );
    expect(issueAt(issues, "providers.a.apiKey").message).toBe(`secret file ${join(dir, "empty")} is empty`);
    expect(issueAt(issues, "providers.b.apiKey").message).toMatch(
      /folder.* (is a folder|is not a regular file)/,
    );
    expect(issueAt(issues, "providers.c.apiKey").message).toBe("secret file /dev/zero is not a regular file");
    expect(issueAt(issues, "providers.d.apiKey").message).toMatch(
      /big holds 65537 bytes, more than a secret/,
    );
  });

  it("does not wait for a writer when the path is a FIFO", async () => {
    const dir = tempDir();
    const { execFileSync } = await import("node:child_process");
    execFileSync("mkfifo", [join(dir, "pipe")]);
    const issues = await loadErrors("hooks:\n  enabled: true\n  token: ${file:pipe}\n", { dir });
    expect(issueAt(issues, "hooks.token").message).toBe(
      `secret file ${join(dir, "pipe")} is not a regular file`,
    );
  });

  it.skipIf(process.getuid?.() === 0)("says when the file cannot be read by this user", async () => {
    const dir = tempDir();
    secret(dir, "locked", TOKEN, 0o000);
    const issues = await loadErrors("hooks:\n  enabled: true\n  token: ${file:locked}\n", { dir });
    expect(issueAt(issues, "hooks.token").message).toMatch(
      /cannot be read by this user \(permission denied\)/,
    );
  });

  it("warns, naming the file and the fix, when group or others may read it (once per file)", async () => {
    const dir = tempDir();
    const file = secret(dir, "hook_token", TOKEN, 0o644);
    const { config, warnings } = await loadYaml(
      "hooks:\n  enabled: true\n  token: ${file:hook_token}\nheartbeat:\n  prompt: '${file:hook_token}'\n",
      { dir },
    );
    expect(config.hooks.token).toBe(TOKEN);
    const found = warnings.filter((w) => w.message.includes(file));
    expect(found.map(formatIssue)).toEqual([
      `hookgate.yaml:3:10: warning: hooks.token: secret file ${file} is open to other users (mode 644); restrict it with chmod 600 ${file} (Kubernetes: defaultMode 0400 on the secret volume)`,
    ]);
  });

  it("follows a symbolic link (Kubernetes mounts secrets as links) and judges the target's mode", async () => {
    const dir = tempDir();
    secret(dir, "..data/token", TOKEN, 0o400);
    symlinkSync("..data/token", join(dir, "token"));
    const { config, warnings } = await loadYaml("hooks:\n  enabled: true\n  token: ${file:token}\n", { dir });
    expect(config.hooks.token).toBe(TOKEN);
    expect(warnings).toEqual([]);
  });

  it("keeps $${file:x} literal and still reads ${file:-x} as the variable `file` with a default", async () => {
    const { config } = await loadYaml("heartbeat:\n  prompt: '$${file:x} ${file:-fallback}'\n");
    expect(config.heartbeat.prompt).toBe("${file:x} fallback");
  });

  it("never quotes a secret file's contents in a message, whichever key it lands in", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.stringMatching(/^[A-Za-z0-9+/=_-]{12,40}$/),
        fc.constantFrom("heartbeat.every", "hooks.mappings[0].id", "server.port"),
        async (value, key) => {
          const dir = tempDir();
          secret(dir, "s", `${value}\n`);
          const yaml =
            key === "heartbeat.every"
              ? "heartbeat:\n  every: '${file:s}'\n"
              : key === "server.port"
                ? "server:\n  port: '${file:s}'\n"
                : "hooks:\n  mappings:\n    - { id: 'x y ${file:s}', action: wake, textTemplate: t }\n";
          const issues = await loadErrors(yaml, { dir });
          expect(issues.some((i) => i.severity === "error")).toBe(true);
          for (const issue of issues) expect(formatIssue(issue)).not.toContain(value);
        },
      ),
      { seed: 42, numRuns: 30 },
    );
  });
});
