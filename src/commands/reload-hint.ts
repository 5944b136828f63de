// `hookgate validate` beside a running server: a reload reads `${NAME}` from the environment the
// server started with, not from the shell that validated, so a variable set only here passes
// validate and fails the reload. One notice says so, and what to use instead (`${file:PATH}`, read
// again on every reload).
import type { ConfigIssue } from "../config/issues.js";
import type { ResolvedConfig } from "../config/types.js";
import { defaultPidFile, environmentNames, readPid, serverProcess } from "../reload/pid-file.js";

/** `env` that notes the name of every variable read from it that is set. */
export function recordingReads(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; read: Set<string> } {
  const read = new Set<string>();
  const recording = new Proxy(env, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof key === "string" && typeof value === "string") read.add(key);
      return value;
    },
  });
  return { env: recording, read };
}

/** The notice, when a server runs this config (its pid file beside the store) and the load read variables. */
export function reloadEnvNotice(
  config: ResolvedConfig,
  source: string,
  read: ReadonlySet<string>,
): ConfigIssue | undefined {
  if (read.size === 0) return undefined;
  const pidFile = defaultPidFile(config);
  const pid = pidFile !== undefined ? readPid(pidFile) : undefined;
  if (pid === undefined || serverProcess(pid) !== "running") return undefined;
  const server = `the server running this config (pid ${pid})`;
  const names = [...read].sort();
  const theirs = environmentNames(pid);
  const missing = theirs ? names.filter((n) => !theirs.has(n)) : [];
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the config syntax to use.
  const file = "${file:PATH}";
  const message =
    missing.length > 0
      ? `${server} started without ${missing.join(", ")}, which this shell sets, so its reload would fail: write the value to a file and use ${file}, or restart the server with it`
      : `${server} reloads it with the environment it started with, not this shell's (${names.join(", ")}): a value changed here is not seen there; for one that changes, write it to a file and use ${file}`;
  return { severity: "notice", path: "", file: source, message };
}
