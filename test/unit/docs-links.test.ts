// The documentation is the README, the pages under docs/ and the READMEs beside the code, linking into
// each other: every `](#anchor)` must name a heading of its page, every relative link must name a file
// that exists (and, with an anchor, a heading of that file), and the layer table of src/README.md must
// list the folders src/ really has.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { docPages, readPage as read, root } from "./doc-pages.js";

/** The text outside fenced code blocks, line by line (a `# comment` in a YAML block is no heading). */
function proseLines(markdown: string): string[] {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split("\n")) {
    const m = /^\s*(`{3,}|~{3,})/.exec(line);
    if (m) {
      if (fence === null) fence = m[1]!;
      else if (m[1]!.startsWith(fence)) fence = null;
      continue;
    }
    if (fence === null) out.push(line);
  }
  return out;
}

/** The anchor a heading gets: lower case, punctuation and symbols dropped, spaces to hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "").replace(/ /g, "-");
}

/** Every anchor of a page; a repeated heading gets -1, -2, ... as on the rendered page. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const line of proseLines(markdown)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** Link targets in the prose: `[text](target)`, code spans and external links left out. */
function links(markdown: string): string[] {
  const out: string[] = [];
  for (const line of proseLines(markdown)) {
    const text = line.replace(/`[^`]*`/g, "code");
    for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      out.push(target);
    }
  }
  return out;
}

/** The links of one page that lead nowhere, each with the reason. */
function brokenLinks(page: string, markdown: string, read: (file: string) => string): string[] {
  const broken: string[] = [];
  for (const target of links(markdown)) {
    const [path = "", anchor] = target.split("#", 2) as [string, string | undefined];
    const file = path === "" ? page : join(dirname(page), decodeURIComponent(path));
    if (path !== "" && !existsSync(join(root, file))) {
      broken.push(`${target}: ${file} does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (path !== "" && (!file.endsWith(".md") || statSync(join(root, file)).isDirectory())) {
      broken.push(`${target}: an anchor into ${file}, which is not a markdown page`);
      continue;
    }
    const text = file === page ? markdown : read(file);
    if (!anchors(text).has(anchor)) broken.push(`${target}: no heading #${anchor} in ${file}`);
  }
  return broken;
}

describe("documentation links", () => {
  it("covers the README, docs/ and the READMEs beside the code", () => {
    expect(docPages).toEqual(
      expect.arrayContaining(["README.md", "docs/README.md", "rules/presets/README.md"]),
    );
    expect(docPages.filter((p) => p.startsWith("docs/reference/channels/")).length).toBe(8);
  });

  it.each(docPages)("%s links only to headings and files that exist", (page) => {
    const markdown = read(page);
    expect(links(markdown).length).toBeGreaterThan(0);
    expect(brokenLinks(page, markdown, read)).toEqual([]);
  });

  it("anchors follow the rendered headings", () => {
    expect(slug("`POST /hooks/<name>`")).toBe("post-hooksname");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the heading's own text, not a template
    expect(slug("Secrets and `${ENV}`")).toBe("secrets-and-env");
    expect(slug("Checking a configuration: `hookgate validate`")).toBe(
      "checking-a-configuration-hookgate-validate",
    );
    expect(slug("`hooks.mappings[].match`")).toBe("hooksmappingsmatch");
    expect(slug("A first rule, step by step")).toBe("a-first-rule-step-by-step");
    expect([...anchors("# A\n```yaml\n# not a heading\n```\n## B\n## B\n")]).toEqual(["a", "b", "b-1"]);
  });

  it("finds a link to a missing heading, a missing file and a heading of another page", () => {
    const page = "rules/README.md";
    const markdown = [
      "# Title",
      "[ok](#title) [gone](#no-such-heading) [file](presets/mail.yaml) [missing](presets/none.yaml)",
      "[other](../README.md#quick-start) [other gone](../README.md#no-such-heading)",
      "`[in code](#ignored)` [web](https://example.com/#x)",
      "```",
      "[in a block](#ignored-too)",
      "```",
    ].join("\n");
    expect(brokenLinks(page, markdown, read)).toEqual([
      "#no-such-heading: no heading #no-such-heading in rules/README.md",
      "presets/none.yaml: rules/presets/none.yaml does not exist",
      "../README.md#no-such-heading: no heading #no-such-heading in README.md",
    ]);
  });
});

describe("src/README.md layer table", () => {
  const text = read("src/README.md");
  const layers = text.slice(text.indexOf("## Layers"), text.indexOf("## A request's path"));
  // The first cell of each row names one or more folders: | `core/` |, | `schemas/`, `types/` |.
  const table = layers.split("\n").filter((line) => /^\| `[a-z-]+\/`/.test(line));
  const named = new Set(
    table.flatMap((line) => [...line.split("|")[1]!.matchAll(/`([a-z-]+)\/`/g)].map((m) => m[1]!)),
  );

  it("names every folder of src/ and no folder src/ does not have", () => {
    const src = join(root, "src");
    const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory());
    expect(folders.length).toBeGreaterThan(5);
    expect([...named].sort()).toEqual(folders.sort());
  });

  it("names only files of src/ that exist", () => {
    const named = table.flatMap((line) =>
      [...line.matchAll(/`((?:[a-z-]+\/)*[a-z-]+\.ts)`/g)].map((m) => m[1]!),
    );
    const files = readdirSync(join(root, "src"), { recursive: true, encoding: "utf8" });
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !files.some((f) => f.endsWith(name)))).toEqual([]);
  });
});
