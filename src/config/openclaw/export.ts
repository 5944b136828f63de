// `hookgate config export`: an OpenClaw file written out as the hookgate YAML it is served as, to move
// over for good. `${ENV}` references stay references; what was left out is listed at the top as
// comments. Paths inside the OpenClaw file's folder are written relative to it, so the YAML placed
// beside it (the recommended place) resolves them the same.
import { homedir } from "node:os";
import { dirname, isAbsolute, relative } from "node:path";
import { Document } from "yaml";
import { isObject } from "../../core/is-object.js";
import { type ConfigIssue, issueAt } from "../issues.js";
import { formatKeyPath } from "../source/key-path.js";
import { readSourceFile } from "../source/source-file.js";
import { fromOpenClaw } from "./translate.js";

export interface Exported {
  /** The YAML text; undefined when the file cannot be exported (see issues). */
  yaml?: string;
  /** Notices, and the errors that stopped the export. */
  issues: ConfigIssue[];
}

export async function exportOpenClaw(file: string, display: string, home = homedir()): Promise<Exported> {
  const read = await readSourceFile(file, display, { what: "OpenClaw config file", format: "json5" });
  if (!read.parsed) return { issues: read.issues };
  const t = fromOpenClaw(read.data, { home });
  const issues = [
    ...t.notices.map((n) => issueAt("notice", read.source, n.path, n.message)),
    ...t.errors.map((e) => issueAt("error", read.source, e.path, e.message)),
  ];
  if (t.errors.length > 0) return { issues };
  const hooks = t.config["hooks"];
  const dir = dirname(file);
  if (isObject(hooks) && typeof hooks["transformsDir"] === "string" && isAbsolute(hooks["transformsDir"])) {
    const rel = relative(dir, hooks["transformsDir"]);
    if (!rel.startsWith("..") && !isAbsolute(rel)) hooks["transformsDir"] = rel === "" ? "." : rel;
  }
  const doc = new Document(t.config);
  doc.commentBefore = [
    ` hookgate configuration exported from ${display} by hookgate config export.`,
    " Keep it in the same folder, where paths (hooks/transforms, the store) resolve as they did.",
    ...(t.notices.length > 0 ? ["", " Left out or changed on the way:"] : []),
    ...t.notices.map(
      (n) => ` - ${n.path.length > 0 ? `${formatKeyPath(n.path)}: ` : ""}${oneLine(n.message)}`,
    ),
    ...gatewayRunnerOffer(read.data),
  ].join("\n");
  return { yaml: doc.toString({ lineWidth: 0 }), issues };
}

/**
 * hookgate in front of the gateway: the runner that hands each agent's runs to the gateway itself,
 * with its hooks token left as an environment reference (the gateway's, not the senders').
 */
function gatewayRunnerOffer(data: unknown): string[] {
  const root = isObject(data) ? data : {};
  const gateway = isObject(root["gateway"]) ? root["gateway"] : {};
  const hooks = isObject(root["hooks"]) ? root["hooks"] : {};
  const port = typeof gateway["port"] === "number" ? gateway["port"] : 18789;
  const path =
    typeof hooks["path"] === "string" && hooks["path"] !== "/hooks" ? `, path: ${hooks["path"]}` : "";
  return [
    "",
    " To keep the gateway running the agents (hookgate in front of it), give each agent under",
    " agents.list this runner instead, with the gateway's hooks token in OPENCLAW_HOOKS_TOKEN and",
    " hookgate on a port of its own (server.port):",
    `   runner: { kind: openclaw, url: "http://127.0.0.1:${port}", token: "\${OPENCLAW_HOOKS_TOKEN}", agentId: AGENT_ID${path} }`,
  ];
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ");
}
