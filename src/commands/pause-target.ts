// What `hookgate pause` and `hookgate resume` share: a target as typed (`github`, `mapping:github`,
// `pack:github`, `lane:slow`) made into the stored form, checked against the config's mappings and
// packs, and how pauses read in a table.
import { formatTime } from "../core/time-text.js";
import { PAUSE_KINDS } from "../store/pause.js";
import type { Pause } from "../store/types.js";
import { didYouMean } from "./did-you-mean.js";
import { safeTable } from "./terminal-text.js";

/** What a configuration has that a pause may name; undefined when the config could not be read. */
export interface KnownTargets {
  mappings: string[];
  packs: string[];
  /** Configured lanes: `flow.lane` names, and `mapping:<id>` for a mapping's own lane. */
  lanes: string[];
}

/**
 * The stored target (`mapping:<id>`, `pack:<name>`, `lane:<name>`) of what was typed, or the problem
 * to print. A bare name is a mapping's id or a pack's name; a lane is always written `lane:<name>`.
 */
export function resolveTarget(
  typed: string,
  known: KnownTargets | undefined,
): { target: string } | { problem: string } {
  const colon = typed.indexOf(":");
  const kind = colon < 0 ? undefined : typed.slice(0, colon);
  const name = colon < 0 ? typed : typed.slice(colon + 1);
  if (kind !== undefined && !(PAUSE_KINDS as readonly string[]).includes(kind)) {
    return {
      problem: `"${typed}": a target is a mapping id, a pack name, or one of ${PAUSE_KINDS.map((k) => `${k}:NAME`).join(", ")}${didYouMean(kind, PAUSE_KINDS)}`,
    };
  }
  if (name === "") return { problem: `"${typed}" names no ${kind ?? "target"}` };
  if (kind === "lane") {
    if (!known || known.lanes.includes(name)) return { target: typed };
    const lanes = known.lanes.length === 0 ? "no lanes are configured" : `lanes: ${known.lanes.join(", ")}`;
    return { problem: `no lane "${name}"${didYouMean(name, known.lanes)} (${lanes})` };
  }
  if (!known) {
    if (kind) return { target: typed };
    return {
      problem: `write mapping:${name} or pack:${name}: the config could not be read to tell which it is`,
    };
  }
  const isMapping = known.mappings.includes(name);
  const isPack = known.packs.includes(name);
  if (kind === "mapping" && isMapping) return { target: typed };
  if (kind === "pack" && isPack) return { target: typed };
  if (kind === undefined && isMapping && isPack) {
    return { problem: `"${name}" is both a mapping and a pack: write mapping:${name} or pack:${name}` };
  }
  if (kind === undefined && (isMapping || isPack))
    return { target: `${isMapping ? "mapping" : "pack"}:${name}` };
  const candidates =
    kind === "mapping" ? known.mappings : kind === "pack" ? known.packs : [...known.mappings, ...known.packs];
  return {
    problem: `no ${kind ?? "mapping or pack"} "${name}"${didYouMean(name, candidates)} (${knownText(known)})`,
  };
}

function knownText(known: KnownTargets): string {
  const list = (what: string, names: string[]) =>
    names.length === 0
      ? `no ${what}s`
      : `${what}s: ${names.slice(0, 20).join(", ")}${names.length > 20 ? ", …" : ""}`;
  return `${list("mapping", known.mappings)}; ${list("pack", known.packs)}`;
}

/** `mapping github until 2026-…` / `until resumed`. */
export function pauseText(pause: Pick<Pause, "target" | "until">): string {
  const until = pause.until === undefined ? "until resumed" : `until ${formatTime(pause.until)}`;
  return `${pause.target.replace(":", " ")} ${until}`;
}

export function pauseTable(pauses: readonly Pause[]): string {
  return safeTable(
    ["TARGET", "UNTIL", "BY", "SINCE"],
    pauses.map((p) => [
      p.target,
      p.until === undefined ? "resumed" : formatTime(p.until),
      p.by,
      formatTime(p.at),
    ]),
  );
}
