// The built-in packs are known from a generated index (src/config/packs/built-in-index.ts), so that a
// load reads the files of the packs it enables and no others: a pack file changed or added without
// `npm run gen:packs` fails here.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { IssueList } from "../../src/config/issues.js";
import { BUILT_IN_PACKS } from "../../src/config/packs/built-in-index.js";
import { builtInPacksDir, loadPackCatalog, packNames } from "../../src/config/packs/catalog.js";
import { PackFinder } from "../../src/config/packs/enable.js";
import { readPackFile } from "../../src/config/packs/pack-file.js";
import { generatedPath, generatePackIndex } from "../tools/gen-pack-index.mjs";

describe("the built-in packs' index", () => {
  it("matches the committed src/config/packs/built-in-index.ts", () => {
    const committed = readFileSync(generatedPath, "utf8");
    expect(generatePackIndex(), "rules/presets/ changed: run npm run gen:packs").toBe(committed);
  });

  it("holds every pack file of rules/presets/ as read and checked, each name once", async () => {
    const files = readdirSync(builtInPacksDir).filter((f) => /\.(ya?ml|json)$/.test(f));
    expect(BUILT_IN_PACKS.map((p) => p.file).sort()).toEqual(files.sort());
    for (const entry of BUILT_IN_PACKS) {
      const { pack, issues } = await readPackFile(`${builtInPacksDir}${entry.file}`, { kind: "built-in" });
      expect(issues, entry.file).toEqual([]);
      expect(entry).toEqual({
        file: entry.file,
        id: pack!.id,
        version: pack!.version,
        aliases: pack!.aliases,
        ...(pack!.description !== undefined && { description: pack!.description }),
      });
    }
    const names = BUILT_IN_PACKS.flatMap(packNames);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe("the catalogue", () => {
  it("lists the built-in packs without reading them; a pack's file is read when it is found by name", async () => {
    const catalog = await loadPackCatalog();
    expect(catalog.packs.map((p) => p.id)).toEqual(BUILT_IN_PACKS.map((p) => p.id));
    expect(catalog.byName.get("mail")).toBe(catalog.byName.get("gmail"));
    expect(catalog.packs.filter((p) => "document" in p)).toEqual([]);

    const finder = new PackFinder(catalog, { issues: new IssueList() });
    const { pack } = await finder.find("gmail");
    expect(pack).toMatchObject({ id: "mail", origin: { kind: "built-in" }, params: { model: {} } });
    expect(pack!.document["mappings"]).toHaveLength(2);
    // Read once: the same definition for its id.
    expect((await finder.find("mail")).pack).toBe(pack);
  });
});
