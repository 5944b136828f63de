// Generates src/config/packs/built-in-index.ts from the pack files in rules/presets/: what the catalogue
// needs to find and list a built-in pack (file, id, version, aliases, description), so that a load
// reads only the files of the packs it enables. `npm run gen:packs` writes it; test/unit/packs-index.test.ts
// fails when it is stale.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "yaml";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const packsDir = join(root, "rules", "presets");
export const generatedPath = join(root, "src", "config", "packs", "built-in-index.ts");

export function generatePackIndex() {
  const entries = readdirSync(packsDir)
    .filter((f) => /\.(ya?ml|json)$/i.test(f))
    .sort()
    .map((file) => {
      const doc = parse(readFileSync(join(packsDir, file), "utf8"));
      const entry = { file, id: doc.id, version: doc.version, aliases: doc.aliases ?? [] };
      if (typeof doc.description === "string") entry.description = doc.description;
      return entry;
    });
  const text = [
    "// Generated from rules/presets/ by `npm run gen:packs`. Do not edit by hand.",
    "// What the catalogue knows of each built-in pack without reading its file (config/packs/catalog.ts).",
    'import type { BuiltInPack } from "./types.js";',
    "",
    `export const BUILT_IN_PACKS: readonly BuiltInPack[] = ${JSON.stringify(entries, null, 2)};`,
    "",
  ].join("\n");
  // The formatter's own layout, so that `npm run lint` accepts the file as written.
  const biome = join(root, "node_modules", ".bin", "biome");
  return execFileSync(biome, ["format", `--stdin-file-path=${generatedPath}`], {
    input: text,
    encoding: "utf8",
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(generatedPath, generatePackIndex());
  console.log(`wrote ${generatedPath}`);
}
