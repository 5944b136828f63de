// `hookgate runs show 3f2a`: a run named by its full id or, as in git, by a prefix of it that only
// one run has.
import { formatTime } from "../store/text-table.js";
import type { RunRecord, Store } from "../store/types.js";
import { escapeControls, safeTable } from "./terminal-text.js";

/** Shorter prefixes of a random UUID collide too often to be worth a lookup. */
export const MIN_PREFIX = 4;
/** How many candidates an ambiguous prefix lists. */
const SHOWN_CANDIDATES = 5;

export type RunLookup = { run: RunRecord } | { problem: string };

export async function lookUpRun(
  store: Pick<Store, "getRun" | "findRunsByIdPrefix">,
  idOrPrefix: string,
  where: string,
): Promise<RunLookup> {
  const exact = await store.getRun(idOrPrefix);
  if (exact) return { run: exact };
  const shown = `"${escapeControls(idOrPrefix)}"`;
  if ([...idOrPrefix].length < MIN_PREFIX)
    return {
      problem: `no run ${shown} in ${where}; to name a run by the start of its id, give at least ${MIN_PREFIX} characters`,
    };
  const found = await store.findRunsByIdPrefix(idOrPrefix, SHOWN_CANDIDATES + 1);
  if (found.length === 0) return { problem: `no run whose id is or starts with ${shown} in ${where}` };
  if (found.length === 1) return { run: found[0]! };
  const count = found.length > SHOWN_CANDIDATES ? `more than ${SHOWN_CANDIDATES}` : String(found.length);
  const listed = safeTable(
    ["RUN ID", "STATUS", "RECEIVED", "NAME"],
    found.slice(0, SHOWN_CANDIDATES).map((r) => [r.id, r.status, formatTime(r.receivedAt), r.name]),
  );
  return {
    problem: `${count} runs have ids starting with ${shown}; give more of the id:\n\n${listed}${found.length > SHOWN_CANDIDATES ? "\n..." : ""}`,
  };
}
