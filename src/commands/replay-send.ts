// `hookgate replay --send`: posts logged requests again to a running server. Each goes to the same
// hook with the headers and body the log kept, authenticated with the config's hook token (the token is
// good on every path, so a request first let in by another credential gets in too), under
// Idempotency-Key replay-<id> (sending the same request twice starts nothing twice) and with
// x-hookgate-replay-of: <id>, so the console and the log show where it came from.
import type { ResolvedConfig } from "../config/types.js";
import type { RequestLogRecord } from "../store/types.js";
import { escapeControls } from "./terminal-text.js";

/** Headers never sent again: set by the new request itself, or credentials the log did not keep. */
const NOT_RESENT = new Set([
  "host",
  "content-length",
  "connection",
  "transfer-encoding",
  "expect",
  "keep-alive",
  "idempotency-key",
]);

const REMOVED = "[removed]";

export interface SendResult {
  id: string;
  status?: number;
  body?: string;
  error?: string;
}

/** Sends each request; unless `quiet`, prints one line per answer. */
export async function sendAgain(
  entries: RequestLogRecord[],
  config: ResolvedConfig,
  url: string | undefined,
  quiet: boolean,
): Promise<SendResult[]> {
  const base = (url ?? serverUrl(config)).replace(/\/+$/, "");
  const answers: SendResult[] = [];
  for (const e of entries) {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(e.headers)) if (!NOT_RESENT.has(k) && v !== REMOVED) headers[k] = v;
    headers.authorization = `Bearer ${config.hooks.token}`;
    headers["idempotency-key"] = `replay-${e.id}`;
    headers["x-hookgate-replay-of"] = e.id;
    const query = new URLSearchParams(Object.entries(e.query).filter(([, v]) => v !== REMOVED)).toString();
    const path = e.hook.split("/").map(encodeURIComponent).join("/");
    const target = `${base}${config.hooks.path}/${path}${query ? `?${query}` : ""}`;
    try {
      const r = await fetch(target, {
        method: "POST",
        headers,
        ...(e.body && { body: e.body }),
        signal: AbortSignal.timeout(60_000),
      });
      const text = await r.text();
      answers.push({ id: e.id, status: r.status, body: text });
      if (!quiet)
        process.stdout.write(`${escapeControls(`sent ${e.id} to /${e.hook}: ${r.status} ${text}`)}\n`);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      answers.push({ id: e.id, error: why });
      if (!quiet)
        process.stdout.write(
          `${escapeControls(`sent ${e.id} to /${e.hook}: no answer from ${base} (${why})`)}\n`,
        );
    }
  }
  return answers;
}

function serverUrl(config: ResolvedConfig): string {
  const { host, port } = config.server;
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}
