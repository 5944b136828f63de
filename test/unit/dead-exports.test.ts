// `npm run lint` fails on exports no other module imports (test/tools/dead-exports.mjs): what counts as
// a use, and what is reported.
import { describe, expect, it } from "vitest";
import { deadExports } from "../tools/dead-exports.mjs";
import { tempDir, writeFiles } from "./config-helpers.js";

function project(files: Record<string, string>): string {
  const root = tempDir();
  writeFiles(root, files);
  return root;
}

describe("dead exports", () => {
  it("reports a value only its file uses and anything used nowhere; a type its file uses may stay", () => {
    const root = project({
      "src/a.ts": [
        "export const used = 1;",
        "export const local = 2;",
        "export const unused = 3;",
        "export interface Options { n: number }",
        "export type Lonely = string;",
        "export function run(o: Options) { return o.n + local; }",
      ].join("\n"),
      "src/b.ts": 'import { used, run } from "./a.js";\nexport const b = used + run({ n: 1 });\n',
      "test/b.test.ts": 'import { b } from "../src/b.js";\nb;\n',
    });
    expect(deadExports(root)).toEqual([
      "src/a.ts: Lonely is used nowhere",
      "src/a.ts: local is used only in its file",
      "src/a.ts: unused is used nowhere",
    ]);
  });

  it("counts namespace and dynamic imports, re-exports, and scripts importing the built dist/ files", () => {
    const root = project({
      "src/lib/one.ts": "export const x = 1;\nexport const y = 2;\n",
      "src/lib/two.ts": "export const z = 3;\nexport const w = 4;\n",
      "src/lib/three.ts": "export const v = 5;\n",
      "src/lib/four.ts": "export const u = 6;\n",
      "src/index.ts": 'export { z } from "./lib/two.js";\nexport * from "./lib/three.js";\n',
      "src/cli.ts":
        'import * as one from "./lib/one.js";\nimport { z } from "./index.js";\nawait import("./lib/four.js");\none.x + z;\n',
      "test/bench/run.mjs": 'import { w } from "../../dist/lib/two.js";\nw;\n',
    });
    expect(deadExports(root)).toEqual([]);
  });
});
