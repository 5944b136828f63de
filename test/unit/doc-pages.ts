// The documentation's pages and their fenced blocks, for the tests that hold the docs to the code: the
// README, every page under docs/, and the READMEs beside the code (rules/, src/, test/bench/).
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../../", import.meta.url));

/** Every Markdown file under a folder of the repository, relative to the root, in sorted order. */
function markdownUnder(folder: string, only: (name: string) => boolean = () => true): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".md") && only(name))
    .map((name) => join(folder, name))
    .sort();
}

export const docPages: string[] = [
  "README.md",
  ...markdownUnder("docs"),
  ...markdownUnder("rules", (name) => name === "README.md" || name.endsWith("/README.md")),
  "src/README.md",
  "test/bench/README.md",
];

export const readPage = (file: string): string => readFileSync(join(root, file), "utf8");

export interface FencedBlock {
  /** The first word of the info string (`yaml`, `sh`, ...), "" for none. */
  lang: string;
  /** The lines between the fences, with a trailing newline. */
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
}

/** The fenced code blocks of a page, in order. */
export function fencedBlocks(markdown: string): FencedBlock[] {
  const out: FencedBlock[] = [];
  let open: { fence: string; lang: string; line: number; lines: string[] } | null = null;
  for (const [i, line] of markdown.split("\n").entries()) {
    const m = /^\s*(`{3,}|~{3,})\s*([^\s`]*)/.exec(line);
    if (open === null) {
      if (m) open = { fence: m[1]!, lang: m[2] ?? "", line: i + 1, lines: [] };
      continue;
    }
    if (m && m[1]!.startsWith(open.fence) && m[2] === "") {
      out.push({ lang: open.lang, text: open.lines.map((l) => `${l}\n`).join(""), line: open.line });
      open = null;
      continue;
    }
    open.lines.push(line);
  }
  return out;
}
