// What `hookgate serve` says when its port is in use: whether a hookgate server already listens
// there (its GET /healthz answers as one; its pid file names it), or another program, and what to do.
import { readPid, serverProcess } from "../reload/pid-file.js";

/** How long the probe of the port's /healthz may take: the answer is local, so 2 s is plenty. */
const PROBE_MS = 2_000;

export async function portTakenMessage(
  host: string,
  port: number,
  pidFile: string | undefined,
): Promise<string> {
  const where = `${host.includes(":") ? `[${host}]` : host}:${port}`;
  if (await answersAsHookgate(host, port)) {
    const pid = pidFile !== undefined ? readPid(pidFile) : undefined;
    const which = pid !== undefined && serverProcess(pid) === "running" ? ` (pid ${pid}, ${pidFile})` : "";
    return `${where} is taken by a hookgate server already running${which}: stop it first, reload its config in place with hookgate reload, or start this one on another port (--port or server.port)`;
  }
  return `${where} is taken by another program (not a hookgate server: it does not answer GET /healthz as one): stop it, or start hookgate on another port (--port or server.port)`;
}

/** Whether GET /healthz on the port answers as hookgate's does (or its 503 when its store fails). */
async function answersAsHookgate(host: string, port: number): Promise<boolean> {
  // A server listening on every address is reached on loopback.
  const target = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  const url = `http://${target.includes(":") ? `[${target}]` : target}:${port}/healthz`;
  try {
    const r = await fetch(url, { signal: AbortSignal.timeout(PROBE_MS) });
    const body = (await r.json()) as { ok?: unknown; config?: { generation?: unknown }; code?: unknown };
    return (
      (body.ok === true && typeof body.config?.generation === "number") ||
      (r.status === 503 && body.code === "STORE_UNAVAILABLE")
    );
  } catch {
    return false;
  }
}
