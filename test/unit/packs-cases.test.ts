// Every shipped pack's embedded cases (rules/presets/*.yaml, `tests:`) pass, run as
// `hookgate test --pack FILE` runs them. A pack added to the folder is picked up here without a change.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { fileSources } from "../../src/commands/cases/load-sources.js";
import { suiteText } from "../../src/commands/cases/report.js";
import { runSuite } from "../../src/commands/cases/suite.js";

const PRESETS = fileURLToPath(new URL("../../rules/presets/", import.meta.url));
const packs = readdirSync(PRESETS)
  .filter((f) => /\.ya?ml$/.test(f))
  .sort();

describe("the shipped packs' embedded cases", () => {
  test("the folder holds packs", () => {
    expect(packs.length).toBeGreaterThan(0);
  });

  test.each(packs)("%s: every case passes", async (file) => {
    const { config, sources } = await fileSources(join(PRESETS, file));
    const suite = await runSuite(config, sources);
    // The runner's own report names each failed case and the fields that differ.
    expect(suite.failed, suiteText(suite)).toBe(0);
  });
});
