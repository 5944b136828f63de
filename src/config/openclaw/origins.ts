// Where a key of the translated configuration came from in the OpenClaw file, so that messages and
// positions name the key the user wrote (agents.entries.ops.model, not agents.list[1].model).
import type { PathSegment } from "../source/key-path.js";

export class PathOrigins {
  private readonly rewrites: Array<{ from: PathSegment[]; to: PathSegment[] }> = [];

  /** Keys under `translated` come from under `original`. */
  add(translated: PathSegment[], original: PathSegment[]): void {
    this.rewrites.push({ from: translated, to: original });
  }

  /** The original path of a translated one: the longest recorded prefix is replaced (the later of equals). */
  origin(path: readonly PathSegment[]): PathSegment[] {
    let best: { from: PathSegment[]; to: PathSegment[] } | undefined;
    for (const r of this.rewrites) {
      if (r.from.length > path.length || (best && best.from.length > r.from.length)) continue;
      if (r.from.every((seg, i) => seg === path[i])) best = r;
    }
    return best ? [...best.to, ...path.slice(best.from.length)] : [...path];
  }
}
