// The observability settings: /metrics and /console (who may reach them), the request log, and the
// retention that prunes it together with old events, runs, transcripts and heartbeats.
import { parseAddressList } from "../../core/address-list.js";
import type { HookgateConfig } from "../../types/generated.js";
import { schemaDefaults } from "../check/schemas.js";
import type { ResolvedConfig } from "../types.js";
import type { ResolveContext } from "./context.js";
import { maxTimerMs, maxTimerText, parseDuration } from "./duration.js";

/** Paths the server answers outside hooks.path. */
const OWN_PATHS = ["/console", "/metrics", "/healthz"];

export function observeSections(
  raw: HookgateConfig,
  hooksPath: string,
  ctx: ResolveContext,
): Pick<ResolvedConfig, "requestLog" | "retention"> & Pick<ResolvedConfig["server"], "metrics" | "console"> {
  const m = { ...schemaDefaults("metrics"), ...raw.server?.metrics } as {
    enabled: boolean;
    allowFrom: string[];
  };
  const c = { ...schemaDefaults("console"), ...raw.server?.console } as {
    enabled: boolean;
    allowFrom: string[];
    sessionTtl: string;
  };
  const log = { ...schemaDefaults("requestLog"), ...raw.requestLog } as {
    enabled: boolean;
    maxBodyBytes: number;
  };
  const r = { ...schemaDefaults("retention"), ...raw.retention } as {
    maxAge: string;
    maxRows: number;
    pruneEvery: string;
  };
  checkAddresses(m.allowFrom, ["server", "metrics", "allowFrom"], ctx);
  checkAddresses(c.allowFrom, ["server", "console", "allowFrom"], ctx);
  if (c.enabled && c.allowFrom.includes("any")) warnPlainHttp(raw, ctx);
  for (const own of OWN_PATHS) {
    if (hooksPath === own || hooksPath.startsWith(`${own}/`)) {
      ctx.issues.error(
        ctx.source,
        ["hooks", "path"],
        `"${hooksPath}" is taken by hookgate's own ${own}; use another prefix such as /hooks`,
      );
    }
  }
  // The schema patterns guarantee parsable durations.
  const pruneEveryMs = parseDuration(r.pruneEvery) ?? 600_000;
  if (pruneEveryMs > maxTimerMs || pruneEveryMs < 1000) {
    ctx.issues.error(
      ctx.source,
      ["retention", "pruneEvery"],
      `"${r.pruneEvery}" must be from 1s to ${maxTimerText}; the default is 10m`,
    );
  }
  return {
    metrics: { enabled: m.enabled, allowFrom: m.allowFrom },
    console: {
      enabled: c.enabled,
      allowFrom: c.allowFrom,
      sessionTtlMs: parseDuration(c.sessionTtl) ?? 43_200_000,
    },
    requestLog: { enabled: log.enabled, maxBodyBytes: log.maxBodyBytes },
    retention: { maxAgeMs: parseDuration(r.maxAge) ?? 0, maxRows: r.maxRows, pruneEveryMs },
  };
}

function checkAddresses(entries: string[], path: string[], ctx: ResolveContext): void {
  const parsed = parseAddressList(entries);
  if ("bad" in parsed) {
    ctx.issues.error(
      ctx.source,
      path,
      `"${parsed.bad}" is not loopback, any, an IP address or a CIDR range such as 10.0.0.0/8 or fd00::/8`,
    );
  }
}

/**
 * The console's login is the hook token: typed into a page served to anyone over plain HTTP, it
 * crosses the network readable. Warned when the server listens beyond loopback and no https
 * server.publicUrl says a TLS proxy is in front.
 */
function warnPlainHttp(raw: HookgateConfig, ctx: ResolveContext): void {
  const host = raw.server?.host ?? "127.0.0.1";
  const loopback = host === "localhost" || host === "::1" || host.startsWith("127.");
  if (loopback || raw.server?.publicUrl?.startsWith("https://")) return;
  ctx.issues.warn(
    ctx.source,
    ["server", "console", "allowFrom"],
    `the console answers any address on ${host} over plain HTTP, and its login is the hook token: put a TLS proxy in front and set server.publicUrl to its https:// address, or list the addresses that may log in`,
  );
}
