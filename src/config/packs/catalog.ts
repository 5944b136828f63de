// Every pack that can be enabled, by id and alias: the hooks.packDirs folders first (in order), then the
// built-in ones in rules/presets/. A folder pack that shares a name with a built-in one replaces it
// (with a warning). Installed npm packages are looked up by name only when hooks.presets asks (npm.ts).
import { existsSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ConfigIssue, issueAt, type SourceRef } from "../issues.js";
import type { PathSegment } from "../source/key-path.js";
import { readPackFile } from "./pack-file.js";
import type { PackDefinition } from "./types.js";

/** rules/presets/ of the package; the same relative place from src/config/packs and dist/config/packs. */
export const builtInPacksDir = fileURLToPath(new URL("../../../rules/presets/", import.meta.url));

const PACK_FILE = /\.(ya?ml|json)$/i;

export interface PackCatalog {
  /** By id and by alias; both keys point to the same pack. */
  byName: Map<string, PackDefinition>;
  /** Each pack once: folder packs first, then the built-in ones. */
  packs: PackDefinition[];
  issues: ConfigIssue[];
}

export interface CatalogOptions {
  /** Absolute folders of the user's packs, with the config key each came from. */
  dirs?: { dir: string; path?: PathSegment[] }[];
  /** Where the config keys in `dirs` are. */
  configSource?: SourceRef;
  /** Default: the package's rules/presets/. */
  builtInDir?: string;
  /** Folder file names in messages are shown relative to. */
  baseDir?: string;
}

/** All names of a pack. */
export function packNames(pack: Pick<PackDefinition, "id" | "aliases">): string[] {
  return [pack.id, ...pack.aliases];
}

export async function loadPackCatalog(opts: CatalogOptions = {}): Promise<PackCatalog> {
  const issues: ConfigIssue[] = [];
  const byName = new Map<string, PackDefinition>();
  const packs: PackDefinition[] = [];
  const baseDir = opts.baseDir ?? process.cwd();

  for (const { dir, path } of opts.dirs ?? []) {
    if (!isFolder(dir)) {
      issues.push(
        issueAt(
          "error",
          opts.configSource ?? {},
          path ?? [],
          `pack folder ${dir} does not exist or is not a folder`,
        ),
      );
      continue;
    }
    for (const file of await packFiles(dir)) {
      const read = await readPackFile(file, { kind: "dir", dir }, { baseDir });
      issues.push(...read.issues);
      if (!read.pack) continue;
      const clash = packNames(read.pack).find((n) => byName.has(n));
      if (clash !== undefined) {
        issues.push(
          issueAt(
            "error",
            read.pack.source,
            ["id"],
            `pack name ${clash} is also declared by ${byName.get(clash)!.display}; give one of them another id or alias`,
          ),
        );
        continue;
      }
      for (const n of packNames(read.pack)) byName.set(n, read.pack);
      packs.push(read.pack);
    }
  }

  const builtInDir = opts.builtInDir ?? builtInPacksDir;
  const builtIns = new Map<string, PackDefinition>();
  for (const file of await packFiles(builtInDir)) {
    const read = await readPackFile(file, { kind: "built-in" }, { baseDir });
    issues.push(...read.issues);
    if (!read.pack) continue;
    const pack = read.pack;
    const clash = packNames(pack).find((n) => builtIns.has(n));
    if (clash !== undefined) {
      issues.push(
        issueAt(
          "error",
          pack.source,
          ["id"],
          `pack name ${clash} is also declared by ${builtIns.get(clash)!.display}`,
        ),
      );
      continue;
    }
    for (const n of packNames(pack)) builtIns.set(n, pack);
    const replacedBy = packNames(pack)
      .map((n) => byName.get(n))
      .find((p) => p !== undefined);
    if (replacedBy) {
      issues.push(
        issueAt(
          "warning",
          replacedBy.source,
          ["id"],
          `pack ${replacedBy.id} replaces the built-in pack ${pack.id} (${pack.display}); give it another id to keep both`,
        ),
      );
      continue;
    }
    for (const n of packNames(pack)) byName.set(n, pack);
    packs.push(pack);
  }
  return { byName, packs, issues };
}

async function packFiles(dir: string): Promise<string[]> {
  if (!isFolder(dir)) return [];
  const names = (await readdir(dir)).filter((f) => PACK_FILE.test(f)).sort();
  return names.map((f) => join(dir, f));
}

function isFolder(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}
