// Containment of transform paths: judged lexically and again after resolving symbolic links, so that
// neither `..` nor a link inside the folder can reach files outside it.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";

/** `target` is `root` or below it, by path text alone. */
function isWithin(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** The real path of `p`; for a path that does not exist yet, the real path of its nearest existing
 * ancestor joined with the rest. Dangling links are followed to where they point. */
function realpathNearest(p: string, depth = 0): string {
  const tail: string[] = [];
  let current = resolve(p);
  for (;;) {
    try {
      return join(realpathSync(current), ...tail);
    } catch {
      const link = readLink(current);
      if (link !== undefined && depth < 40) {
        return join(realpathNearest(resolve(dirname(current), link), depth + 1), ...tail);
      }
      const parent = dirname(current);
      if (parent === current) return join(current, ...tail);
      tail.unshift(basename(current));
      current = parent;
    }
  }
}

function readLink(p: string): string | undefined {
  try {
    return lstatSync(p).isSymbolicLink() ? readlinkSync(p) : undefined;
  } catch {
    return undefined;
  }
}

export type Containment = { ok: true } | { ok: false; reason: "outside" | "symlink"; real: string };

export function checkContained(root: string, target: string): Containment {
  if (!isWithin(root, target)) return { ok: false, reason: "outside", real: target };
  const real = realpathNearest(target);
  if (!isWithin(realpathNearest(root), real)) return { ok: false, reason: "symlink", real };
  return { ok: true };
}
