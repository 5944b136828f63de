// A pack's mappings against the ingress policies, as the config's own mappings are checked
// (check/mapping-policy.ts): a literal agent, model, channel or session key the policies refuse would
// fail every run. When the value came from a parameter the user set, the error points at that setting.
import { checkMappingPolicy, type MappingPolicy } from "../check/mapping-policy.js";
import { IssueList, issueAt } from "../issues.js";
import { parseKeyPath } from "../source/key-path.js";
import type { EnabledPack } from "../types.js";

const WHOLE = /^\$\{param:([^}]*)\}$/;

export function checkPackPolicy(
  packs: readonly EnabledPack[],
  policy: MappingPolicy,
  issues: IssueList,
): void {
  for (const { pack, mappings, given } of packs) {
    const written = (pack.document["mappings"] ?? []) as Record<string, unknown>[];
    for (const mapping of mappings) {
      const index = Number(/mappings\[(\d+)\]$/.exec(mapping.origin)?.[1] ?? -1);
      const found = new IssueList();
      checkMappingPolicy(mapping, ["mappings", index], pack.source, policy, found);
      for (const issue of found.items) {
        const field = parseKeyPath(issue.path)?.[2];
        const ref = typeof field === "string" ? WHOLE.exec(String(written[index]?.[field] ?? "")) : null;
        const param = ref?.[1];
        if (param !== undefined && given?.names.includes(param)) {
          issues.push(
            issueAt(
              issue.severity,
              given.source,
              [...given.path, param],
              `pack ${pack.id}: ${issue.message} (this parameter sets ${field} of mapping ${mapping.id})`,
            ),
          );
        } else {
          const hint =
            param !== undefined
              ? ` (the default of parameter ${param}; set hooks.packs.${pack.id}.${param})`
              : "";
          issues.push({ ...issue, message: `pack ${pack.id}: ${issue.message}${hint}` });
        }
      }
    }
  }
}
