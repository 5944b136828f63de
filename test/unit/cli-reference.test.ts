// docs/reference/cli.md documents every command the CLI has (src/cli.ts loads one module per command),
// each under a heading of its own, and no command the CLI does not have.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPage, root } from "./doc-pages.js";

const cli = readFileSync(join(root, "src", "cli.ts"), "utf8");
const commands = [...cli.matchAll(/^ {2}([a-z]+): \(\) => import\("\.\/commands\//gm)].map((m) => m[1]!);
const headings = [...readPage("docs/reference/cli.md").matchAll(/^## `hookgate ([a-z]+)/gm)].map(
  (m) => m[1]!,
);

describe("command line reference", () => {
  it("has a section for every command, and only for those", () => {
    expect(commands.length).toBeGreaterThan(10);
    expect([...new Set(headings)].sort()).toEqual([...commands].sort());
  });
});
