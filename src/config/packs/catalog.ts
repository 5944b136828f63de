// Every pack that can be enabled, by id and alias: the hooks.packDirs folders first (in order), then the
// built-in ones in rules/presets/. A folder pack that shares a name with a built-in one replaces it
// (with a warning). Folder packs are read here, since their names are in their files; the built-in
// ones are known from the generated index (built-in-index.ts), and a built-in pack's file is read only
// when it is looked up by name (enable.ts: a configuration enables it, `hookgate packs show` shows it).
// Installed npm packages are looked up by name only when hooks.presets asks (npm.ts).
import { existsSync, statSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type ConfigIssue, issueAt, type SourceRef } from "../issues.js";
import type { PathSegment } from "../source/key-path.js";
import { displayPath } from "../source/source-file.js";
import { BUILT_IN_PACKS } from "./built-in-index.js";
import { type ReadPack, readPackFile } from "./pack-file.js";
import type { PackDefinition, PackEntry } from "./types.js";

/** rules/presets/ of the package; the same relative place from src/config/packs and dist/config/packs. */
export const builtInPacksDir = fileURLToPath(new URL("../../../rules/presets/", import.meta.url));

const PACK_FILE = /\.(ya?ml|json)$/i;

export interface PackCatalog {
  /** By id and by alias; both keys point to the same pack. */
  byName: Map<string, PackEntry>;
  /** Each pack once: folder packs first, then the built-in ones. */
  packs: PackEntry[];
  issues: ConfigIssue[];
  /**
   * The names of folder pack files that did not load (the file name without extension, and the id
   * and aliases it declares): their errors are reported, and "unknown pack" would only hide them.
   */
  broken: Set<string>;
}

export interface CatalogOptions {
  /** Absolute folders of the user's packs, with the config key each came from. */
  dirs?: { dir: string; path?: PathSegment[] }[];
  /** Where the config keys in `dirs` are. */
  configSource?: SourceRef;
  /** Folder file names in messages are shown relative to. */
  baseDir?: string;
}

/** All names of a pack. */
export function packNames(pack: Pick<PackEntry, "id" | "aliases">): string[] {
  return [pack.id, ...pack.aliases];
}

export async function loadPackCatalog(opts: CatalogOptions = {}): Promise<PackCatalog> {
  const issues: ConfigIssue[] = [];
  const byName = new Map<string, PackEntry>();
  const packs: PackEntry[] = [];
  const inFolders = new Map<string, PackDefinition>();
  const broken = new Set<string>();
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
      if (!read.pack) {
        for (const n of [basename(file).replace(PACK_FILE, ""), ...(read.declared ?? [])]) broken.add(n);
        continue;
      }
      const clash = packNames(read.pack).find((n) => inFolders.has(n));
      if (clash !== undefined) {
        issues.push(
          issueAt(
            "error",
            read.pack.source,
            ["id"],
            `pack name ${clash} is also declared by ${inFolders.get(clash)!.display}; give one of them another id or alias`,
          ),
        );
        continue;
      }
      for (const n of packNames(read.pack)) {
        inFolders.set(n, read.pack);
        byName.set(n, read.pack);
      }
      packs.push(read.pack);
    }
  }

  for (const { file, ...header } of BUILT_IN_PACKS) {
    const absolute = join(builtInPacksDir, file);
    const pack: PackEntry = {
      ...header,
      file: absolute,
      display: displayPath(absolute, baseDir),
      origin: { kind: "built-in" },
    };
    const replacedBy = packNames(pack)
      .map((n) => inFolders.get(n))
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
  return { byName, packs, issues, broken };
}

/** The pack of a catalogue entry: a folder pack was read with the catalogue, a built-in one is read now. */
export async function readEntry(entry: PackEntry, baseDir: string | undefined): Promise<ReadPack> {
  if (isRead(entry)) return { pack: entry, issues: [] };
  const read = await readPackFile(entry.file, entry.origin, baseDir !== undefined ? { baseDir } : {});
  if (read.pack && packNames(read.pack).join() !== packNames(entry).join()) {
    const message = `its id and aliases (${packNames(read.pack).join(", ")}) differ from those of the built-in packs' index (${packNames(entry).join(", ")}); npm run gen:packs writes the index again`;
    return { issues: [...read.issues, issueAt("error", read.pack.source, ["id"], message)] };
  }
  return read;
}

function isRead(entry: PackEntry): entry is PackDefinition {
  return "document" in entry;
}

async function packFiles(dir: string): Promise<string[]> {
  if (!isFolder(dir)) return [];
  const names = (await readdir(dir)).filter((f) => PACK_FILE.test(f)).sort();
  return names.map((f) => join(dir, f));
}

function isFolder(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory();
}
