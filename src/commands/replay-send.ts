// `hookgate replay --send`: posts logged requests again to a running server. Each goes to the same
// hook with the headers and body the log kept, under Idempotency-Key replay-<id> (sending the same
// request twice starts nothing twice) and with x-hookgate-replay-of: <id>, so the console and the log
// show where it came from. Only a request that came with the hook token is sent, with the token: the
// token is good on every path and every rule, so sending a signed delivery (whose signature the log does
// not keep) or a refused request with it would let it reach rules it never could. Those are refused
// with the reason, in the preview too; and the URL must stay below the server's hooks path.
import type { ResolvedConfig } from "../config/types.js";
import { TOKEN_HEADERS } from "../core/secret-headers.js";
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
  // OpenClaw's spelling: two different keys in one request are refused (400).
  "x-openclaw-idempotency-key",
]);

const REMOVED = "[removed]";

export interface SendResult {
  id: string;
  status?: number;
  body?: string;
  error?: string;
}

/** What --send does with a logged request: send it with the hook token, or not, and why. */
export function sendScope(e: RequestLogRecord): { send: true } | { send: false; why: string } {
  if (e.verified !== undefined) {
    return {
      send: false,
      why: `it came without the hook token, verified by its ${e.verified} signature, which the log does not keep; the hook token would let it reach rules a signed delivery cannot: have the sender deliver it again`,
    };
  }
  if (!e.removedHeaders.some((h) => (TOKEN_HEADERS as readonly string[]).includes(h))) {
    return {
      send: false,
      why: "it came without the hook token; sending it with the token would let it in where it was not: send it yourself if you mean to",
    };
  }
  return { send: true };
}

/** The URL a request goes to, or undefined when its hook name would leave the hooks path (`..`). */
function targetUrl(base: string, hooksPath: string, e: RequestLogRecord): string | undefined {
  const segments = e.hook.split("/");
  if (segments.some((s) => s === "." || s === "..")) return undefined;
  const query = new URLSearchParams(Object.entries(e.query).filter(([, v]) => v !== REMOVED)).toString();
  const prefix = `${base}${hooksPath}/`;
  const target = `${prefix}${segments.map(encodeURIComponent).join("/")}${query ? `?${query}` : ""}`;
  // What fetch will request, after URL parsing: it must still be below the hooks path.
  return new URL(target).href.startsWith(new URL(prefix).href) ? target : undefined;
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
    const scope = sendScope(e);
    const target = scope.send ? targetUrl(base, config.hooks.path, e) : undefined;
    if (!scope.send || target === undefined) {
      const why = scope.send
        ? `its hook name has a "." or ".." segment, which would send the hook token outside ${config.hooks.path}/`
        : scope.why;
      answers.push({ id: e.id, error: `not sent: ${why}` });
      if (!quiet)
        process.stdout.write(`${escapeControls(`not sent ${e.id} (/${e.hook}): ${why}`)}
`);
      continue;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(e.headers)) if (!NOT_RESENT.has(k) && v !== REMOVED) headers[k] = v;
    headers.authorization = `Bearer ${config.hooks.token}`;
    headers["idempotency-key"] = `replay-${e.id}`;
    headers["x-hookgate-replay-of"] = e.id;
    try {
      const r = await fetch(target, {
        method: "POST",
        headers,
        ...(e.body && { body: withReplayKey(e, e.body) }),
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

/**
 * /wake and /agent also take OpenClaw's idempotencyKey in the body: there it becomes the replay's key
 * too, or the two keys would disagree and the request be refused.
 */
function withReplayKey(e: RequestLogRecord, body: Uint8Array | string): Uint8Array | string {
  if (e.hook !== "wake" && e.hook !== "agent") return body;
  try {
    const parsed: unknown = JSON.parse(typeof body === "string" ? body : Buffer.from(body).toString("utf8"));
    if (parsed === null || typeof parsed !== "object" || !("idempotencyKey" in parsed)) return body;
    return JSON.stringify({ ...parsed, idempotencyKey: `replay-${e.id}` });
  } catch {
    return body;
  }
}

function serverUrl(config: ResolvedConfig): string {
  const { host, port } = config.server;
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}
