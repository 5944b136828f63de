// A pack's session keys against hooks.allowedSessionKeyPrefixes: when the fixed start of a mapping's
// sessionKey template (after its parameters are substituted) can never begin with an allowed prefix,
// every run of that mapping is refused. A warning, naming the pack, the mapping and the parameter to
// change, because the keys only exist per request.
import { canReachPrefix, certainKeyStart } from "../../core/session-key-reach.js";
import type { ResolveContext } from "../resolve/context.js";
import type { EnabledPack } from "../types.js";
import { paramReferences } from "./substitute.js";

export function checkPackSessionKeys(
  packs: readonly EnabledPack[],
  prefixes: readonly string[],
  ctx: Pick<ResolveContext, "issues" | "source">,
  presets: readonly string[],
): void {
  const listed = prefixes.join(", ") || "none";
  for (const { pack, mappings, enabledAs } of packs) {
    const written = (pack.document["mappings"] ?? []) as { sessionKey?: unknown }[];
    for (const mapping of mappings) {
      // A literal key is checked exactly, as an error, with the other policies (policy.ts).
      if (mapping.action !== "agent" || !mapping.sessionKey?.includes("{{")) continue;
      const start = certainKeyStart(mapping.sessionKey).toLowerCase();
      if (canReachPrefix(start, prefixes)) continue;
      const index = Number(/mappings\[(\d+)\]/.exec(mapping.origin)?.[1] ?? -1);
      const params = paramReferences(written[index]?.sessionKey);
      const fix =
        params.length > 0
          ? `set hooks.packs.${pack.id}.${params[0]} to a value starting with one of them, or add "${start}" to hooks.allowedSessionKeyPrefixes`
          : `add "${start}" to hooks.allowedSessionKeyPrefixes`;
      ctx.issues.warn(
        ctx.source,
        ["hooks", "presets", presets.indexOf(enabledAs)],
        `pack ${pack.id}, mapping ${mapping.id}: its session keys start with "${start}", which none of hooks.allowedSessionKeyPrefixes (${listed}) admit, so every run it starts would be refused; ${fix}`,
      );
    }
  }
}
