// What a pack can reach, as `hookgate validate` and `hookgate packs show` say it: the hook names its
// mappings take, which of them a request without the hook token gets to (through a verify), and any
// mapping that hands its content to the agent outside the untrusted-content fence.
import type { ResolvedMapping } from "../config/types.js";

export type ReachingMapping = Pick<ResolvedMapping, "id" | "match" | "verify" | "allowUnsafeExternalContent">;

export function packReach(mappings: readonly ReachingMapping[]): string {
  const paths = new Map<string, Set<string>>();
  let everyPath = false;
  const unfenced: string[] = [];
  for (const m of mappings) {
    const path = m.match?.path?.replace(/^[\s/]+|[\s/]+$/g, "") ?? "";
    if (path === "") everyPath = true;
    const schemes = paths.get(path || "*") ?? new Set<string>();
    if (m.verify) schemes.add(m.verify.scheme);
    paths.set(path || "*", schemes);
    if (m.allowUnsafeExternalContent === true) unfenced.push(m.id);
  }
  const names = [...paths].map(([path, schemes]) => {
    const name = path === "*" ? "every hook name" : path;
    const how =
      schemes.size > 0 ? `without the token: verify ${[...schemes].join(", ")}` : "with the hook token only";
    return `${name} (${how})`;
  });
  const fence = unfenced.length > 0 ? `off for ${unfenced.join(", ")}` : "on";
  const which = everyPath ? "hook names, every one included" : "hook names";
  return `${mappings.length === 0 ? "no hook name" : `${which} ${names.join(", ")}`}; untrusted-content fence ${fence}`;
}
