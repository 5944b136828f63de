// serve --watch follows packs: the hooks.packDirs folders (any pack file there, a new one included) and
// the file of every enabled pack, an installed package's too.
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { builtInPacksDir } from "../../src/config/packs/catalog.js";
import { watchTargets } from "../../src/reload/watch.js";
import { loadYaml, TOKEN, tempDir, writeFiles } from "./config-helpers.js";

const PACK = (id: string) =>
  `id: ${id}\nversion: 1.0.0\nmappings:\n  - id: ${id}-wake\n    match: { path: ${id} }\n    action: wake\n    textTemplate: hi\n`;

describe("watch targets of a config with packs", () => {
  it("hold the pack folders, an enabled built-in pack's file and an installed package's", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "packs/local.yaml": PACK("local"),
      "node_modules/hookgate-pack-remote/package.json": '{ "name": "hookgate-pack-remote" }\n',
      "node_modules/hookgate-pack-remote/pack.yaml": PACK("remote"),
    });
    const { config } = await loadYaml(
      `hooks:\n  enabled: true\n  token: ${TOKEN}\n  packDirs: [packs]\n  presets: [local, remote, gmail]\n`,
      { dir },
    );
    const { folders } = watchTargets(config);
    expect(folders.get(join(dir, "packs"))?.has("*")).toBe(true);
    // Only the file of the built-in pack enabled (by its alias gmail): the others cannot change the config.
    expect(folders.get(resolve(builtInPacksDir))).toEqual(new Set(["mail.yaml"]));
    expect(folders.get(join(dir, "node_modules", "hookgate-pack-remote"))).toEqual(new Set(["pack.yaml"]));
  });
});
