// A reader pastes what the docs show. So every YAML block of the docs says on its first line what it is:
// `# <file>` for a whole file (`# hookgate.yaml`, `# deploy/hookgate.yaml`, `# compose.yaml`) or
// `# part of ...` for a fragment. The whole files, and the files a recipe writes with
// `cat > FILE <<'EOF'`, are written page by page into a folder of their own, in order; then every
// hookgate configuration among them (hookgate.yaml, .yml or .json) must pass `hookgate validate` without
// a warning, and the test cases of its rule files must pass, given the files its ${file:PATH} references
// and the environment variables the page names.
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { command as testCommand } from "../../src/commands/test.js";
import { command as validateCommand } from "../../src/commands/validate.js";
import { runCommand } from "./command-helpers.js";
import { tempDir } from "./config-helpers.js";
import { docPages, fencedBlocks, readPage, root } from "./doc-pages.js";

const WHOLE = /^# (\S+\.(?:ya?ml|json))\s*$/;
const PART = /^# part of \S/;
const CONFIG_NAMES = new Set(["hookgate.yaml", "hookgate.yml", "hookgate.json"]);

/** Pages whose recipes go on in the folder another page's recipe made (the rules guide's hookgate-demo/). */
const continues: Record<string, string> = {
  "docs/guides/testing-rules.md": "docs/guides/rules.md",
  "docs/guides/transforms.md": "docs/guides/rules.md",
};

interface Written {
  path: string;
  text: string;
  append: boolean;
  line: number;
}

/** The files a page writes: YAML blocks headed `# <file>`, and heredocs of its shell blocks. */
function writtenBy(page: string): Written[] {
  const out: Written[] = [];
  for (const block of fencedBlocks(readPage(page))) {
    if (block.lang === "yaml" || block.lang === "yml") {
      const m = WHOLE.exec(block.text.split("\n")[0]!);
      if (m) out.push({ path: m[1]!, text: block.text, append: false, line: block.line });
    } else if (block.lang === "sh" || block.lang === "bash") {
      for (const m of block.text.matchAll(/^cat (>>?) (\S+) <<'EOF'\n([\s\S]*?)^EOF$/gm)) {
        out.push({ path: m[2]!, text: m[3]!, append: m[1] === ">>", line: block.line });
      }
    }
  }
  return out;
}

/** An environment variable's example value, in the shape the keys that read it want. */
function exampleValue(name: string): string {
  if (name.includes("DATABASE_URL")) return "postgres://hookgate@127.0.0.1:5432/hookgate";
  if (name.endsWith("_URL")) return "https://example.com/hook";
  if (name.endsWith("PUBLIC_KEY")) return "ab".repeat(32);
  return `doc-example-${name.toLowerCase()}-0123456789abcdef`;
}

/**
 * Writes a page's files into dir. An absolute ${file:/...} is moved below dir; every file a
 * ${file:PATH} names that the page does not write is made, readable by its owner only (as the docs
 * make theirs). Returns the configurations, each with the text it had when the page was done with it.
 */
function materialise(dir: string, files: Written[], env: Set<string>): { path: string; text: string }[] {
  const configs: { path: string; text: string }[] = [];
  const snapshot = (path: string) => {
    const file = join(dir, path);
    if (CONFIG_NAMES.has(basename(path)) && existsSync(file)) {
      configs.push({ path, text: readFileSync(file, "utf8") });
    }
  };
  for (const w of files) {
    const text = w.text.replaceAll("${file:/", `\${file:${dir}/abs/`);
    for (const m of text.matchAll(/(?<!\$)\$\{([A-Z_][A-Z0-9_]*)\}/g)) env.add(m[1]!);
    const file = join(dir, w.path);
    mkdirSync(dirname(file), { recursive: true });
    if (!w.append) snapshot(w.path);
    writeFileSync(file, w.append && existsSync(file) ? readFileSync(file, "utf8") + text : text);
  }
  for (const w of files) {
    const text = readFileSync(join(dir, w.path), "utf8");
    for (const m of text.matchAll(/(?<!\$)\$\{file:([^}]+)\}/g)) {
      const target = isAbsolute(m[1]!) ? m[1]! : join(dirname(join(dir, w.path)), m[1]!);
      if (existsSync(target)) continue;
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      writeFileSync(target, `doc-example-secret-${basename(target)}-0123456789abcdef\n`);
      chmodSync(target, 0o600);
    }
  }
  const seen = new Set<string>();
  for (const w of [...files].reverse()) {
    if (seen.has(w.path)) continue;
    seen.add(w.path);
    snapshot(w.path);
  }
  return configs;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("YAML blocks of the docs", () => {
  it("each say on their first line whether they are a whole file or a part of one", () => {
    const unmarked: string[] = [];
    for (const page of docPages) {
      for (const block of fencedBlocks(readPage(page))) {
        if (block.lang !== "yaml" && block.lang !== "yml") continue;
        const first = block.text.split("\n")[0]!;
        if (!WHOLE.test(first) && !PART.test(first)) unmarked.push(`${page}:${block.line}: ${first}`);
      }
    }
    expect(unmarked).toEqual([]);
  });

  it("finds the whole files and the recipes' files", () => {
    expect(writtenBy("README.md").map((w) => w.path)).toEqual(["hookgate.yaml"]);
    expect(writtenBy("docs/guides/scale-out.md").map((w) => w.path)).toEqual([
      "compose.yaml",
      "deploy/hookgate.yaml",
    ]);
  });
});

const pagesWithFiles = docPages.filter((page) => writtenBy(page).length > 0);

describe("configuration files of the docs", () => {
  it("are found on the pages that show them", () => {
    for (const page of [
      "README.md",
      "docs/guides/rules.md",
      "docs/guides/packs.md",
      "rules/presets/README.md",
    ]) {
      expect(pagesWithFiles).toContain(page);
    }
  });

  it.each(pagesWithFiles)(
    "%s: every configuration validates, and its rule files' cases pass",
    async (page) => {
      const dir = tempDir();
      const env = new Set<string>();
      const before = continues[page];
      const files = [...(before ? writtenBy(before) : []), ...writtenBy(page)];
      // The recipes run in a checkout: their sample payloads are the repository's, under rules/.
      expect(files.filter((f) => f.path.startsWith("rules/"))).toEqual([]);
      symlinkSync(join(root, "rules"), join(dir, "rules"));
      const configs = materialise(dir, files, env);
      for (const name of env) vi.stubEnv(name, exampleValue(name));
      const outcomes = [];
      for (const { path, text } of configs) {
        writeFileSync(join(dir, path), text);
        const file = join(dir, path);
        const validated = await runCommand(validateCommand, ["--config", file]);
        outcomes.push({ path, code: validated.code, stderr: validated.stderr });
        if (validated.code === 0 && /^\s*tests:/m.test(files.map((f) => f.text).join("\n"))) {
          const tested = await runCommand(testCommand, ["--config", file]);
          if (!tested.stdout.includes("no test cases")) {
            outcomes.push({
              path: `${path} (test cases)`,
              code: tested.code,
              stderr: tested.code ? tested.stdout : "",
            });
          }
        }
      }
      expect(outcomes.length).toBeGreaterThan(0);
      expect(outcomes).toEqual(outcomes.map(({ path }) => ({ path, code: 0, stderr: "" })));
    },
  );
});
