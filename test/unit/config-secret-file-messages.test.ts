// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${file:PATH} in plain strings is the config syntax under test.
// A value read from a secret file (`${file:PATH}`) is never printed by `hookgate validate` (nor by a
// reload, which reports the same issues), whichever key of the configuration it lands in: every key
// the schema knows is given one, on top of a valid configuration, and the output is searched for it.
import { chmodSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { command as validate } from "../../src/commands/validate.js";
import { secretTextFilter } from "../../src/config/source/secret-text.js";
import { runCommand } from "./command-helpers.js";
import { TOKEN, tempDir, writeFiles } from "./config-helpers.js";

type Segment = string | number;
type Schema = Record<string, unknown>;

const schema = JSON.parse(
  readFileSync(new URL("../../schemas/config.schema.json", import.meta.url), "utf8"),
) as Schema;

function deref(node: Schema): Schema {
  const ref = node["$ref"];
  if (typeof ref !== "string") return node;
  return deref((schema["$defs"] as Record<string, Schema>)[ref.replace("#/$defs/", "")]!);
}

/** Every key path the schema describes (maps get one made-up key, lists their first element). */
function keyPaths(node: Schema, path: Segment[], depth = 0): Segment[][] {
  const n = deref(node);
  const out: Segment[][] = path.length > 0 ? [path] : [];
  if (depth > 7) return out;
  for (const variant of [...((n["anyOf"] as Schema[]) ?? []), ...((n["oneOf"] as Schema[]) ?? [])]) {
    out.push(...keyPaths(variant, path, depth + 1).filter((p) => p.length > path.length));
  }
  const props = n["properties"] as Record<string, Schema> | undefined;
  for (const [key, child] of Object.entries(props ?? {})) {
    if (key !== "$schema") out.push(...keyPaths(child, [...path, key], depth + 1));
  }
  const extra = n["additionalProperties"];
  if (extra && typeof extra === "object") out.push(...keyPaths(extra as Schema, [...path, "x1"], depth + 1));
  const items = n["items"];
  if (items && typeof items === "object" && !Array.isArray(items)) {
    out.push(...keyPaths(items as Schema, [...path, 0], depth + 1));
  }
  return out;
}

const SECRET = "S3CRET-file-value/../x {{y}} %>< ; the-key";

function base(): Record<string, unknown> {
  return {
    hooks: {
      enabled: true,
      token: TOKEN,
      mappings: [{ id: "m", match: { path: "ci" }, action: "wake", textTemplate: "CI {{status}}" }],
    },
    agents: { list: [{ id: "main" }] },
  };
}

function setAt(target: Record<string, unknown>, path: Segment[], value: unknown): void {
  let node: Record<string | number, unknown> = target;
  for (const [i, seg] of path.entries()) {
    if (i === path.length - 1) {
      node[seg] = value;
      return;
    }
    const next = node[seg];
    if (next === null || typeof next !== "object") node[seg] = typeof path[i + 1] === "number" ? [] : {};
    node = node[seg] as Record<string | number, unknown>;
  }
}

describe("a secret file's value in validate's messages", () => {
  const paths = keyPaths(schema, []);

  it("covers the schema's keys", () => {
    expect(paths.length).toBeGreaterThan(150);
  });

  it("is never printed, whichever key it is given to", async () => {
    const leaked: string[] = [];
    for (const path of paths) {
      const config = base();
      setAt(config, path, "${file:secret.txt}");
      const dir = tempDir();
      writeFiles(dir, { "hookgate.json": JSON.stringify(config, null, 2), "secret.txt": `${SECRET}\n` });
      chmodSync(join(dir, "secret.txt"), 0o600);
      const { stdout, stderr } = await runCommand(validate, ["--config", join(dir, "hookgate.json")]);
      const out = stdout + stderr;
      if (/S3CRET|file-value|the-key/.test(out)) leaked.push(`${path.join(".")}: ${out}`);
    }
    expect(leaked).toEqual([]);
  }, 300_000);
});

describe("the filter of secret-file text in messages", () => {
  const filter = secretTextFilter(["swordfish-0123456789", "abcd"]);

  it("removes the text whole, cut short, JSON-escaped or with other text around it", () => {
    expect(filter('hooks.path: "swordfish-0123456789" is not a valid path')).toBe(
      'hooks.path: "(a secret file\'s contents)" is not a valid path',
    );
    expect(filter('found the string "swordfish-012345…"')).toBe(
      'found the string "(a secret file\'s contents)…"',
    );
    expect(filter("model x-abcd-y")).toBe("model x-(a secret file's contents)-y");
    expect(filter("nothing to see")).toBe("nothing to see");
  });

  it("leaves messages alone when no secret file was read", () => {
    expect(secretTextFilter([])("a message")).toBe("a message");
  });
});
