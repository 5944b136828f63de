// The mappings of a config: hooks.mappings, then those of the hooks.rules files, with ids, origins and
// the checks that need nothing but the mapping itself and the transforms folder.
import type { Mapping } from "../../types/generated.js";
import { checkMapping } from "../check/mapping-checks.js";
import { checkTransformModule } from "../check/transforms.js";
import type { SourceRef } from "../issues.js";
import type { PathSegment } from "../source/key-path.js";
import { loadRuleFiles } from "../source/rule-file-list.js";
import type { ResolvedMapping } from "../types.js";
import type { ResolveContext } from "./context.js";

export interface MappingEntry {
  mapping: ResolvedMapping;
  /** Key path of the mapping in its file. */
  path: PathSegment[];
  source: SourceRef;
}

/**
 * `usable(i)` leaves out hooks.mappings entries known to be invalid. A transform whose module lies
 * outside the transforms folder (or every transform, when the folder itself was rejected) is reported
 * and dropped from its mapping: such a config is never served, but `hookgate validate` still compiles
 * its rules to report their errors too, and must not load that module.
 */
export async function collectMappings(
  h: { mappings?: Mapping[] | undefined; rules?: string[] | undefined },
  transformsDir: string | null,
  ctx: ResolveContext,
  usable: (index: number) => boolean = () => true,
): Promise<{ entries: MappingEntry[]; ruleFiles: string[] }> {
  const entries: MappingEntry[] = [];
  for (const [i, m] of (h.mappings ?? []).entries()) {
    if (!usable(i)) continue;
    const mapping: ResolvedMapping = {
      ...m,
      id: m.id ?? `mapping-${i + 1}`,
      action: m.action ?? "agent",
      origin: `hooks.mappings[${i}]`,
    };
    const path = ["hooks", "mappings", i];
    checkMapping(mapping, path, ctx.source, ctx.issues);
    entries.push({ mapping, path, source: ctx.source });
  }
  const files = await loadRuleFiles(h.rules ?? [], ctx);
  for (const file of files) {
    file.loaded.mappings.forEach((mapping, i) => {
      entries.push({ mapping, path: file.paths[i]!, source: file.source });
    });
  }
  for (const { mapping, path, source } of entries) {
    if (!mapping.transform) continue;
    const modulePath = [...path, "transform", "module"];
    if (
      transformsDir === null ||
      !checkTransformModule(mapping.transform.module, transformsDir, modulePath, source, ctx)
    ) {
      delete mapping.transform;
    }
  }
  return { entries, ruleFiles: files.map((f) => f.loaded.file) };
}
