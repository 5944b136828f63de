// OpenClaw's agents as hookgate agents: agents.entries (keyed by id) and the older agents.list, with
// agents.defaults (and the legacy top-level `agent`): model (its primary), model aliases, the model
// policy, thinking level, run timeout and concurrency. OpenClaw's agents run inside its gateway
// (workspaces, tools, sandboxes); here each gets the echo runner until the exported YAML gives it one.

import { isObject } from "../../core/is-object.js";
import type { PathSegment } from "../source/key-path.js";
import type { Obj, Report } from "./report.js";

/** OpenClaw default → hookgate default, when the names differ. */
const DEFAULTS: Record<string, string> = {
  model: "model",
  models: "models",
  modelPolicy: "modelPolicy",
  thinkingDefault: "thinking",
  timeoutSeconds: "timeoutSeconds",
  maxConcurrent: "maxConcurrentRuns",
};
const AGENT: Record<string, string> = {
  id: "id",
  name: "name",
  default: "default",
  model: "model",
  thinkingDefault: "thinking",
  timeoutSeconds: "timeoutSeconds",
};
const MODEL_KEY = /^[^/\s]+\/\S+$/;

export function translateAgents(agents: unknown, legacy: unknown, report: Report): Obj | undefined {
  const section = isObject(agents) ? agents : {};
  const out: Obj = {};
  const defaults: Obj = {};
  if (isObject(section["defaults"]))
    readDefaults(section["defaults"], ["agents", "defaults"], defaults, report);
  if (isObject(legacy)) {
    readDefaults(legacy, ["agent"], defaults, report, true);
  } else if (legacy !== undefined) {
    report.notice(["agent"], "ignored: not an object");
  }

  const list: Obj[] = [];
  const add = (entry: Obj, path: PathSegment[], id: unknown) => {
    const agent = readAgent(entry, path, id, list.length, report);
    if (agent) list.push(agent);
  };
  if (Array.isArray(section["list"])) {
    section["list"].forEach((entry, i) => {
      if (isObject(entry)) add(entry, ["agents", "list", i], entry["id"]);
    });
  }
  if (isObject(section["entries"])) {
    for (const [id, entry] of Object.entries(section["entries"])) {
      if (isObject(entry)) add(entry, ["agents", "entries", id], id);
    }
  }
  const other = Object.keys(section).filter((k) => !["defaults", "list", "entries"].includes(k));
  if (other.length > 0)
    report.notice(["agents"], `ignored: agents.${other.join(", agents.")} (OpenClaw's own)`);
  if (list.length > 1 && !list.some((a) => a["default"] === true)) {
    report.notice(
      ["agents"],
      `hookgate's default agent (for runs without agentId, and the main session) is the first one, ${String(list[0]!["id"])}; mark another with default: true in the exported YAML`,
    );
  }
  report.notice(
    agents !== undefined ? ["agents"] : [],
    "agents run with hookgate's echo runner: OpenClaw's agent runtimes and model providers are not read; give each agent a runner (llm with providers.<name>, command, or openclaw to hand its runs to the gateway) in the exported YAML",
  );

  if (Object.keys(defaults).length > 0) out["defaults"] = defaults;
  if (list.length > 0) out["list"] = list;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Reads `from` into `into`; the legacy `agent` section only fills what agents.defaults left unset. */
function readDefaults(from: Obj, path: PathSegment[], into: Obj, report: Report, legacy = false): void {
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(from)) {
    const name = DEFAULTS[key];
    if (name === undefined) {
      ignored.push(key);
      continue;
    }
    if (legacy && into[name] !== undefined) continue;
    const at = [...path, key];
    report.origins.add(["agents", "defaults", name], at);
    if (key === "model") {
      const model = primaryModel(value, at, ["agents", "defaults", name], report);
      if (model !== undefined) into[name] = model;
    } else if (key === "models" && isObject(value)) {
      into[name] = modelAliases(value, at, report);
    } else if (key === "modelPolicy" && isObject(value)) {
      if (value["allow"] !== undefined) into[name] = { allow: value["allow"] };
      const rest = Object.keys(value).filter((k) => k !== "allow");
      if (rest.length > 0) report.notice(at, `ignored: ${rest.join(", ")} (only allow is read)`);
    } else {
      into[name] = value;
    }
  }
  if (ignored.length > 0) {
    report.notice(path, `ignored: ${ignored.join(", ")} (OpenClaw's agent runtime settings)`);
  }
  if (legacy)
    report.notice(path, "read as agents.defaults (OpenClaw's older spelling), where that leaves a key unset");
}

function readAgent(
  entry: Obj,
  path: PathSegment[],
  id: unknown,
  index: number,
  report: Report,
): Obj | undefined {
  if (typeof id !== "string") {
    report.error([...path, "id"], "an agent needs an id (a string)");
    return undefined;
  }
  const agent: Obj = { id };
  const to: PathSegment[] = ["agents", "list", index];
  report.origins.add(to, path);
  // An id that is an entries key has no place of its own: point at the entry.
  if (entry["id"] === undefined) report.origins.add([...to, "id"], path);
  const ignored: string[] = [];
  for (const [key, value] of Object.entries(entry)) {
    const name = AGENT[key];
    if (name === undefined) {
      ignored.push(key);
      continue;
    }
    if (key === "id") continue;
    report.origins.add([...to, name], [...path, key]);
    if (key === "model") {
      const model = primaryModel(value, [...path, key], [...to, name], report);
      if (model !== undefined) agent[name] = model;
    } else {
      agent[name] = value;
    }
  }
  if (ignored.length > 0) {
    report.notice(
      path,
      `ignored: ${ignored.join(", ")} (OpenClaw's agent settings${ignored.includes("modelPolicy") ? "; agents.defaults.modelPolicy applies to every agent here" : ""})`,
    );
  }
  return agent;
}

/** A model given as a string, or OpenClaw's { primary, fallbacks }: its primary (runs use one model). */
function primaryModel(
  value: unknown,
  path: PathSegment[],
  translated: PathSegment[],
  report: Report,
): unknown {
  if (!isObject(value)) return value;
  const fallbacks = value["fallbacks"];
  if (Array.isArray(fallbacks) && fallbacks.length > 0) {
    report.notice([...path, "fallbacks"], "ignored: a run here uses one model, the primary");
  }
  report.origins.add(translated, [...path, "primary"]);
  return value["primary"];
}

/** The aliases of OpenClaw's model catalogue (its params and runtime settings are OpenClaw's). */
function modelAliases(models: Obj, path: PathSegment[], report: Report): Obj {
  const out: Obj = {};
  const skipped: string[] = [];
  for (const [key, entry] of Object.entries(models)) {
    if (!MODEL_KEY.test(key) || key.endsWith("/*")) {
      skipped.push(key);
      continue;
    }
    out[key] = isObject(entry) && typeof entry["alias"] === "string" ? { alias: entry["alias"] } : {};
  }
  if (skipped.length > 0) {
    report.notice(path, `ignored: ${skipped.join(", ")} (only provider/model entries give aliases here)`);
  }
  return out;
}
