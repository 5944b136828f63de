// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${NAME} in plain strings is the config syntax under test.
// ${ENV} interpolation in every string value of the config and of rule files.
import { describe, expect, it } from "vitest";
import { formatIssue } from "../../src/config/errors.js";
import { issueAt, loadErrors, loadYaml, TOKEN } from "./config-helpers.js";

describe("${ENV} interpolation", () => {
  it("replaces references in strings, nested objects and lists", async () => {
    const { config } = await loadYaml(
      `hooks:\n  enabled: true\n  token: \${HOOK_TOKEN}\n  path: /\${PREFIX}/hooks\nserver:\n  trustProxy: ["\${PROXY}"]\n`,
      { env: { HOOK_TOKEN: TOKEN, PREFIX: "api", PROXY: "10.0.0.1" } },
    );
    expect(config.hooks.token).toBe(TOKEN);
    expect(config.hooks.path).toBe("/api/hooks");
    expect(config.server.trustProxy).toEqual(["10.0.0.1"]);
  });

  it("names a missing variable and the key that uses it", async () => {
    const issues = await loadErrors(
      "providers:\n  openai:\n    baseUrl: https://api.openai.com/v1\n    apiKey: ${OPENAI_API_KEY}\n",
    );
    const issue = issueAt(issues, "providers.openai.apiKey");
    expect(formatIssue(issue)).toBe(
      "hookgate.yaml:4:13: providers.openai.apiKey: environment variable OPENAI_API_KEY is not set; set it, or write $${OPENAI_API_KEY} for a literal ${OPENAI_API_KEY}",
    );
  });

  it("reports missing variables together with schema errors", async () => {
    const issues = await loadErrors("hooks:\n  token: ${NOPE}\n  enabeld: true\n");
    expect(issues.map((i) => i.path)).toEqual(["hooks.token", "hooks.enabeld"]);
  });

  it("does not add a schema error for a value that could not be interpolated", async () => {
    const issues = await loadErrors('channels:\n  msteams:\n    webhooks: { ops: "${TEAMS_URL}" }\n');
    expect(issues.map(formatIssue)).toEqual([
      "hookgate.yaml:3:22: channels.msteams.webhooks.ops: environment variable TEAMS_URL is not set; set it, or write $${TEAMS_URL} for a literal ${TEAMS_URL}",
    ]);
  });

  it("keeps $${X} as the literal text ${X}", async () => {
    const { config } = await loadYaml("heartbeat:\n  prompt: 'Costs $${PRICE} and ${WHO}'\n", {
      env: { WHO: "me" },
    });
    expect(config.heartbeat.prompt).toBe("Costs ${PRICE} and me");
  });

  it("uses the default of ${NAME:-default} when NAME is unset or empty, the value otherwise", async () => {
    const text = "heartbeat:\n  prompt: '${A:-first} ${B:-second} ${C:-} ${D:-a: b-c}'\n";
    const { config } = await loadYaml(text, { env: { A: "set", B: "" } });
    expect(config.heartbeat.prompt).toBe("set second  a: b-c");
  });

  it("keeps $${NAME:-x} literal and names NAME:-x in no error", async () => {
    const { config } = await loadYaml("heartbeat:\n  prompt: '$${NAME:-x}'\n");
    expect(config.heartbeat.prompt).toBe("${NAME:-x}");
  });

  it("rejects other shell forms, naming the forms it accepts", async () => {
    const issues = await loadErrors("heartbeat:\n  prompt: '${NAME-x}'\n");
    expect(issueAt(issues, "heartbeat.prompt").message).toBe(
      '"${NAME-x}" is not a valid environment variable reference (${NAME} or ${NAME:-default}; letters, digits and _ in NAME) nor a secret file (${file:PATH}); write $${...} for a literal ${...}',
    );
  });

  it("rejects a reference that is not a variable name", async () => {
    const issues = await loadErrors("heartbeat:\n  prompt: '${not a name}'\n");
    expect(issueAt(issues, "heartbeat.prompt").message).toMatch(
      /^"\$\{not a name\}" is not a valid environment variable reference/,
    );
  });

  it("interpolates before the schema check, so the value's type is what counts", async () => {
    const issues = await loadErrors("server:\n  port: ${PORT}\n", { env: { PORT: "8080" } });
    expect(issueAt(issues, "server.port").message).toBe('expected an integer, found "8080"');
  });

  it("applies to rule files loaded through hooks.rules", async () => {
    const { config } = await loadYaml("hooks:\n  rules: [rules.yaml]\n", {
      env: { CHAT: "4242" },
      extra: { "rules.yaml": "mappings:\n  - action: wake\n    textTemplate: x\n    to: ${CHAT}\n" },
    });
    expect(config.hooks.mappings[0]!.to).toBe("4242");
  });
});

describe("one unset variable is one error", () => {
  const config = (packs: string) =>
    `hooks:\n  enabled: true\n  token: ${TOKEN}\n  presets: [stripe, github]\n  packs:\n${packs}`;

  it("in a pack parameter: not also a missing parameter of that pack, nor of the other packs", async () => {
    const issues = await loadErrors(
      config('    stripe: { secret: "${STRIPE_SECRET}" }\n    github: { secret: gh-webhook-secret }\n'),
    );
    expect(issues.filter((i) => i.severity === "error").map(formatIssue)).toEqual([
      "hookgate.yaml:6:23: hooks.packs.stripe.secret: environment variable STRIPE_SECRET is not set; set it, or write $${STRIPE_SECRET} for a literal ${STRIPE_SECRET}",
    ]);
  });
});
