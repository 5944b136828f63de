// `hookgate runs show 3f2a`: a run named by its full id or, as in git, by a part of it that only one
// run has: its start, or its end (run ids begin with the time they were received, so runs of one
// minute share their first characters and differ at the end).
import { formatTime } from "../core/time-text.js";
import type { RunRecord, Store } from "../store/types.js";
import { escapeControls, safeTable } from "./terminal-text.js";

/** Shorter parts of an id collide too often to be worth a lookup. */
export const MIN_PREFIX = 4;
/** How many candidates an ambiguous part lists. */
const SHOWN_CANDIDATES = 5;

export type RunLookup = { run: RunRecord } | { problem: string };

export async function lookUpRun(
  store: Pick<Store, "getRun" | "findRunsByIdPrefix" | "findRunsByIdSuffix">,
  idOrPart: string,
  where: string,
): Promise<RunLookup> {
  const exact = await store.getRun(idOrPart);
  if (exact) return { run: exact };
  // The console shows the end of an id after an ellipsis; copied with it, it names the same run.
  const part = idOrPart.replace(/^(…|\.\.\.)/, "");
  if (part !== idOrPart) return lookUpRun(store, part, where);
  const shown = `"${escapeControls(idOrPart)}"`;
  if ([...idOrPart].length < MIN_PREFIX)
    return {
      problem: `no run ${shown} in ${where}; to name a run by the start or the end of its id, give at least ${MIN_PREFIX} characters`,
    };
  const [starting, ending] = await Promise.all([
    store.findRunsByIdPrefix(idOrPart, SHOWN_CANDIDATES + 1),
    store.findRunsByIdSuffix(idOrPart, SHOWN_CANDIDATES + 1),
  ]);
  // One run can match both ways; each is listed once, in id order (for time-ordered ids, the order
  // they arrived in).
  const byId = new Map([...starting, ...ending].map((r) => [r.id, r]));
  const found = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (found.length === 0) {
    return { problem: `no run whose id is, starts with or ends with ${shown} in ${where}` };
  }
  if (found.length === 1) return { run: found[0]! };
  const count = found.length > SHOWN_CANDIDATES ? `more than ${SHOWN_CANDIDATES}` : String(found.length);
  const listed = safeTable(
    ["RUN ID", "STATUS", "RECEIVED", "NAME"],
    found.slice(0, SHOWN_CANDIDATES).map((r) => [r.id, r.status, formatTime(r.receivedAt), r.name]),
  );
  return {
    problem: `${count} runs have ids starting or ending with ${shown}; give more of the id:\n\n${listed}${found.length > SHOWN_CANDIDATES ? "\n..." : ""}`,
  };
}
