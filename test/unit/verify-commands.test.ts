// `hookgate sign` and the verification step of `hookgate test`, over real files: what a rule author
// sees when testing a mapping's verify before pointing a provider at it.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { command as sign } from "../../src/commands/sign.js";
import { command as test } from "../../src/commands/test.js";
import { runCommand } from "./command-helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const SECRET = "It's a Secret to Everybody";

const CONFIG = `hooks:
  enabled: true
  token: a-long-enough-token-for-tests-0123
  mappings:
    - id: github-push
      match:
        path: github
        when: { "==": [{ var: "headers.x-github-event" }, "push"] }
      action: wake
      verify: { scheme: github, secret: "${SECRET}" }
      textTemplate: "Push {{verified.id}} to {{repository.full_name}}"
    - id: slack
      match: { path: slack }
      action: wake
      verify: { scheme: slack, secret: slack-secret }
      challenge: { kind: slack }
      textTemplate: "{{command}}"
`;

function setup(): { config: string; file: (name: string, text: string) => string } {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-sign-"));
  dirs.push(dir);
  writeFileSync(join(dir, "hookgate.yaml"), CONFIG);
  return {
    config: join(dir, "hookgate.yaml"),
    file: (name, text) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    },
  };
}

/** `name: value` lines as hookgate sign prints them, as -H arguments for hookgate test. */
function asHeaderArgs(stdout: string): string[] {
  return stdout
    .trim()
    .split("\n")
    .flatMap((line) => ["-H", line]);
}

/** `hookgate sign -c CONFIG --mapping ID -p PAYLOAD ...more`. */
function signMapping(config: string, id: string, payload: string, ...more: string[]) {
  return runCommand(sign, ["-c", config, "--mapping", id, "-p", payload, ...more]);
}

/** `hookgate test -c CONFIG NAME -p PAYLOAD ...more`. */
function testHook(config: string, name: string, payload: string, ...more: string[]) {
  return runCommand(test, ["-c", config, name, "-p", payload, ...more]);
}

describe("hookgate sign", () => {
  it("prints the headers GitHub sends, with the sha256= value of GitHub's documentation", async () => {
    const s = setup();
    const r = await runCommand(sign, [
      "--scheme",
      "github",
      "--secret",
      SECRET,
      "--payload",
      s.file("hello.txt", "Hello, World!"),
      "--id",
      "d-1",
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      "x-hub-signature-256: sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17\nx-github-delivery: d-1\n",
    );
  });

  it("takes the secret from an environment variable, or scheme and secret from a mapping, and prints JSON", async () => {
    const s = setup();
    const payload = s.file("p.json", "{}");
    process.env["HOOKGATE_TEST_SIGN_SECRET"] = "slack-secret";
    try {
      const viaEnv = await runCommand(sign, [
        "--scheme",
        "slack",
        "--secret-env",
        "HOOKGATE_TEST_SIGN_SECRET",
        "-p",
        payload,
        "--timestamp",
        "1700000000",
        "--json",
      ]);
      const viaMapping = await signMapping(s.config, "slack", payload, "--timestamp", "1700000000", "--json");
      expect(viaEnv.code).toBe(0);
      expect(JSON.parse(viaEnv.stdout)).toEqual(JSON.parse(viaMapping.stdout));
      expect(JSON.parse(viaEnv.stdout)).toMatchObject({ "x-slack-request-timestamp": "1700000000" });
    } finally {
      delete process.env["HOOKGATE_TEST_SIGN_SECRET"];
    }
  });

  it("signs as a Discord application would and prints the public key to put in the verify", async () => {
    const s = setup();
    // RFC 8032's first test vector: this seed's public key is d75a98...511a.
    const seed = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    const publicKey = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
    const payload = s.file("ping.json", '{"type":1}');
    const r = await runCommand(sign, [
      "--scheme",
      "ed25519",
      "--secret",
      seed,
      "-p",
      payload,
      "--timestamp",
      "1700000000",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`public key (the verify's secret): ${publicKey}`);
    expect(r.stdout).toMatch(/^x-signature-ed25519: [0-9a-f]{128}\nx-signature-timestamp: 1700000000\n$/);
  });

  it("answers a mistake with what to fix and the usage", async () => {
    const s = setup();
    const payload = s.file("p.json", "{}");
    const cases: [string[], RegExp][] = [
      [["--scheme", "github", "--secret", "x"], /--payload FILE \(or - for stdin\) is required/],
      [
        ["--scheme", "gihtub", "--secret", "x", "-p", payload],
        /--scheme "gihtub": expected one of github, gitlab/,
      ],
      [["--scheme", "github", "-p", payload], /--secret SECRET \(or --secret-env NAME\) is required/],
      [["--scheme", "twilio", "--secret", "x", "-p", payload], /--url twilio signs the full URL/],
      [["--scheme", "hmac", "--secret", "x", "-p", payload], /--header scheme hmac needs header/],
      [
        ["-c", s.config, "--mapping", "nope", "-p", payload],
        /no mapping nope; mappings with a verify: github-push, slack/,
      ],
      [
        ["--scheme", "github", "--secret", "x", "-p", payload, "--timestamp", "soon"],
        /--timestamp "soon": expected Unix seconds/,
      ],
    ];
    for (const [argv, want] of cases) {
      const r = await runCommand(sign, argv);
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.stderr, argv.join(" ")).toMatch(want);
    }
  });
});

describe("hookgate test with a sender's signature", () => {
  const push = JSON.stringify({ repository: { full_name: "acme/api" } });
  const event = ["-H", "x-github-event: push"];

  it("verifies what hookgate sign printed and routes among the mappings it passed", async () => {
    const s = setup();
    const payload = s.file("push.json", push);
    const signed = await signMapping(s.config, "github-push", payload, "--id", "d-42");
    const r = await testHook(s.config, "github", payload, ...event, ...asHeaderArgs(signed.stdout));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "verify: verified (github; delivery id d-42) — the request may reach github-push",
    );
    expect(r.stdout).toContain("text: Push d-42 to acme/api");
    expect(r.stdout).not.toContain(SECRET);
  });

  it("reads the headers from the file hookgate sign wrote (-H @FILE)", async () => {
    const s = setup();
    const payload = s.file("push.json", push);
    const signed = await signMapping(s.config, "github-push", payload, "--id", "d-7");
    const headers = s.file("headers.txt", signed.stdout);
    const r = await testHook(s.config, "github", payload, "-H", `@${headers}`, ...event);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("verify: verified (github; delivery id d-7)");
    const missing = await testHook(s.config, "github", payload, "-H", "@/nonexistent/headers.txt");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("--header @/nonexistent/headers.txt: no such file");
  });

  it("says refused and why, with the server's answer, never the secret or the signature", async () => {
    const s = setup();
    const payload = s.file("push.json", push);
    const signed = await runCommand(sign, [
      "--scheme",
      "github",
      "--secret",
      "the-wrong-secret",
      "-p",
      payload,
    ]);
    const sig = signed.stdout.split("\n")[0]!.split("sha256=")[1]!;
    const r = await testHook(s.config, "github", payload, ...asHeaderArgs(signed.stdout));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "verify: refused (SIGNATURE_INVALID) — unauthorized: the signature does not match",
    );
    expect(r.stdout).toContain('answer: 401 {"ok":false');
    expect(r.stdout).not.toContain(SECRET);
    expect(r.stdout).not.toContain(sig);
    const json = await testHook(s.config, "github", payload, ...asHeaderArgs(signed.stdout), "--json");
    expect(JSON.parse(json.stdout)).toMatchObject({
      verify: { outcome: "refused", code: "SIGNATURE_INVALID" },
      answer: { status: 401 },
    });
  });

  it("without signature headers routes as with the token, and says so", async () => {
    const s = setup();
    const r = await testHook(s.config, "github", s.file("push.json", push), ...event);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^verify: not checked — no signature headers given/);
    expect(r.stdout).toContain("decision: wake");
  });

  it("shows a handshake hookgate answers itself, and reads a form body by its content-type", async () => {
    const s = setup();
    const challenge = s.file(
      "challenge.json",
      JSON.stringify({ type: "url_verification", challenge: "c-1" }),
    );
    const headers = await signMapping(s.config, "slack", challenge);
    const r = await testHook(s.config, "slack", challenge, ...asHeaderArgs(headers.stdout));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("decision: handshake — answered by hookgate itself");
    expect(r.stdout).toContain('answer: 200 {"challenge":"c-1"}');

    const form = s.file("form.txt", "command=%2Fdeploy&text=now");
    const formHeaders = await signMapping(s.config, "slack", form);
    const formType = ["-H", "content-type: application/x-www-form-urlencoded"];
    const f = await testHook(
      s.config,
      "slack",
      form,
      ...formType,
      ...asHeaderArgs(formHeaders.stdout),
      "--json",
    );
    expect(f.code).toBe(0);
    expect(JSON.parse(f.stdout)).toMatchObject({
      request: { payload: { command: "/deploy", text: "now" } },
      verify: { outcome: "verified", scheme: "slack" },
      decision: { kind: "wake", action: { text: "/deploy" } },
    });
  });

  it("reads a payload file that starts with a byte order mark", async () => {
    const s = setup();
    const r = await testHook(s.config, "github", s.file("bom.json", `\uFEFF${push}`), ...event);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Push  to acme/api");
  });
});
