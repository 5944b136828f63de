// A real hookgate server on a loopback port, with its JSON log captured for assertions.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ResolvedConfig } from "../../src/config/types.js";
import { createLogger } from "../../src/log.js";
import { type RunningServer, startServer } from "../../src/server.js";
import { type DeepPartial, TEST_TOKEN, testConfig, withBuiltInPacks } from "./config.js";

export interface TestServer extends RunningServer {
  config: ResolvedConfig;
  dir: string;
  /** Every log line written so far, as text. */
  logs: string[];
  /** POST helper: JSON body, the test token unless `token: null`. */
  post(
    path: string,
    body?: unknown,
    opts?: { token?: string | null; headers?: Record<string, string> },
  ): Promise<Response>;
}

export async function startTestServer(
  overrides: DeepPartial<ResolvedConfig> = {},
  opts: { fetch?: typeof fetch; worker?: boolean; sqliteBusyTimeoutMs?: number } = {},
): Promise<TestServer> {
  const dir = overrides.dir ?? mkdtempSync(join(tmpdir(), "hookgate-http-"));
  const config = await withBuiltInPacks(
    testConfig({ ...overrides, dir, server: { logLevel: "info", ...overrides.server } }),
  );
  const logs: string[] = [];
  const log = createLogger("info", { write: (line: string) => void logs.push(line) });
  const server = await startServer({ config, log, port: 0, host: "127.0.0.1", ...opts });
  return {
    ...server,
    config,
    dir,
    logs,
    post(path, body, o = {}) {
      const headers: Record<string, string> = { "content-type": "application/json", ...o.headers };
      const token = o.token === undefined ? TEST_TOKEN : o.token;
      if (token !== null) headers.authorization = `Bearer ${token}`;
      return fetch(`${server.url}${path}`, {
        method: "POST",
        headers,
        body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      });
    },
  };
}

export { TEST_TOKEN };
