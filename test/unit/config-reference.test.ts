// docs/reference/configuration.md is generated from the schema descriptions; it may not drift.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  extractSection,
  generateConfigReference,
  referencePath,
  renderConfigReference,
  replaceSection,
} from "../tools/gen-config-reference.mjs";

describe("configuration reference", () => {
  it("in docs/reference/configuration.md is what the generator produces from the schema", async () => {
    const section = extractSection(readFileSync(referencePath, "utf8"));
    expect(section, "run: node test/tools/gen-config-reference.mjs").toBe(await generateConfigReference());
  });

  it("has a row for every key of every section, with type and default", async () => {
    const reference = await generateConfigReference();
    for (const key of [
      "`server.port` | integer (≥ 0, ≤ 65535) | `18789`",
      "`hooks.token` | string |",
      "`hooks.authFailures.max` | integer (≥ 1) | `20`",
      "`hooks.mappings[].action` | `wake` \\| `agent` \\| `ignore` | `agent` |",
      "`hooks.mappings[].match.when` | object or boolean |",
      "`hooks.mappings[].transform.module` | string, required |",
      "`agents.defaults.models.<provider/model>.alias` | string |",
      "`agents.list[].runner.kind` | `llm` \\| `command` \\| `echo` \\| `openclaw` \\| `http` \\| `a2a`, required |",
      "`providers.<name>.baseUrl` | URL, required |",
      "`channels.msteams.webhooks` | map of URL, required |",
      "`heartbeat.every` | string | `30m` |",
      "`store.path` | string | `.hookgate/state.db` |",
    ]) {
      expect(reference).toContain(key);
    }
  });

  it("keeps angle brackets visible and pipes from breaking tables", () => {
    const md = renderConfigReference({
      description: "Root.",
      $defs: {
        server: {
          description: "Has <dir> and `a|b`.",
          properties: { x: { type: "string", description: "x | y <z>" } },
        },
      },
    } as Record<string, unknown>).split("\n");
    expect(md).toContain("Has &lt;dir&gt; and `a\\|b`.");
    expect(md).toContain("| `server.x` | string |  | x \\| y &lt;z&gt; |");
  });

  it("replaces only the text between the markers", () => {
    const page = "# T\n<!-- config-reference:start -->\nold\n<!-- config-reference:end -->\nafter\n";
    const next = replaceSection(page, "new");
    expect(next).toBe("# T\n<!-- config-reference:start -->\nnew\n<!-- config-reference:end -->\nafter\n");
    expect(extractSection(next)).toBe("new");
  });
});
