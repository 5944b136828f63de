// A small glob for hooks.rules (node:fs glob needs Node 22): `*` and `?` within one path segment,
// `**` for any number of folders. Names starting with a dot match only patterns that start with one.
import type { Dirent } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import { join, resolve, sep } from "node:path";

export function hasGlob(pattern: string): boolean {
  return /[*?]/.test(pattern);
}

/** Files matching `pattern` (relative to `baseDir`), absolute and sorted. */
export async function expandGlob(pattern: string, baseDir: string): Promise<string[]> {
  const segments = resolve(baseDir, pattern).split(sep);
  const first = segments.findIndex(hasGlob);
  if (first === -1) return (await isFile(segments.join(sep))) ? [segments.join(sep)] : [];
  const start = segments.slice(0, first).join(sep) || sep;
  const rest = segments.slice(first);
  if (rest[rest.length - 1] === "**") rest.push("*");
  const found = new Set<string>();
  await walk(start, rest, found, new Set());
  return [...found].sort();
}

async function walk(dir: string, segs: string[], found: Set<string>, visiting: Set<string>): Promise<void> {
  const [seg, ...rest] = segs;
  if (seg === undefined) return;
  if (seg === "**") {
    // Guard against symlink loops: each real folder is entered once per `**` descent.
    const real = await realpath(dir).catch(() => dir);
    if (visiting.has(real)) return;
    visiting.add(real);
    await walk(dir, rest, found, visiting);
    for (const entry of await list(dir)) {
      if (entry.name.startsWith(".")) continue;
      const child = join(dir, entry.name);
      if (await isDir(child, entry)) await walk(child, segs, found, visiting);
    }
    visiting.delete(real);
    return;
  }
  let names = [seg];
  if (hasGlob(seg)) {
    const re = segmentRegex(seg);
    names = (await list(dir)).filter((e) => re.test(e.name)).map((e) => e.name);
  }
  for (const name of names) {
    const child = join(dir, name);
    if (rest.length === 0) {
      if (await isFile(child)) found.add(child);
    } else if (await isDir(child)) {
      await walk(child, rest, found, visiting);
    }
  }
}

function segmentRegex(seg: string): RegExp {
  let source = "";
  for (const ch of seg) {
    if (ch === "*") source += "[^/\\\\]*";
    else if (ch === "?") source += "[^/\\\\]";
    else source += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  const hidden = seg.startsWith(".") ? "" : "(?!\\.)";
  return new RegExp(`^${hidden}${source}$`);
}

async function list(dir: string): Promise<Dirent[]> {
  return readdir(dir, { withFileTypes: true }).catch(() => []);
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false;
}

async function isDir(path: string, entry?: Dirent): Promise<boolean> {
  if (entry?.isDirectory()) return true;
  if (entry && !entry.isSymbolicLink()) return false;
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false;
}
