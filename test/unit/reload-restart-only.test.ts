// A reload keeps the running values of the settings only a restart can change, and names those
// the file changed, showing values only where they are no secret.
import { describe, expect, it } from "vitest";
import { keepRunningValues } from "../../src/reload/restart-only.js";
import { testConfig } from "../helpers/config.js";

describe("keepRunningValues", () => {
  const running = testConfig({ dir: "/srv/a" });

  it("keeps the running port, host, path, store and worker size, and lists what changed", () => {
    const next = testConfig({
      dir: "/srv/a",
      server: { port: 18800, host: "0.0.0.0", logLevel: "debug" },
      hooks: { path: "/in", token: "another-token-0123456789abcdef" },
      agents: { defaults: { maxConcurrentRuns: 9 } },
      store: { kind: "sqlite", path: "/var/lib/other.db" },
    });
    const { config, changed } = keepRunningValues(next, running);
    expect(config.server).toEqual({ ...running.server, logLevel: "debug" });
    expect(config.hooks.path).toBe("/hooks");
    expect(config.hooks.token).toBe("another-token-0123456789abcdef");
    expect(config.store).toEqual(running.store);
    expect(config.agents.defaults.maxConcurrentRuns).toBe(4);
    expect(changed).toEqual([
      { key: "server.host", values: "127.0.0.1 → 0.0.0.0" },
      { key: "server.port", values: "0 → 18800" },
      { key: "hooks.path", values: "/hooks → /in" },
      { key: "agents.defaults.maxConcurrentRuns" },
      // A store URL may hold a password: no values.
      { key: "store" },
    ]);
    // The loaded config itself is left as it was.
    expect(next.server.port).toBe(18800);
  });

  it("keeps /metrics, /console, the request log writer and retention as they started", () => {
    const next = testConfig({
      dir: "/srv/a",
      server: {
        metrics: { enabled: !running.server.metrics.enabled },
        console: { enabled: !running.server.console.enabled },
      },
      requestLog: { enabled: !running.requestLog.enabled, maxBodyBytes: 99 },
      retention: { maxRows: 7 },
    });
    const { config, changed } = keepRunningValues(next, running);
    expect(config.server.metrics).toEqual(running.server.metrics);
    expect(config.server.console).toEqual(running.server.console);
    expect(config.requestLog.enabled).toBe(running.requestLog.enabled);
    expect(config.retention).toEqual(running.retention);
    // The body size the request log keeps is read per request: it changes live.
    expect(config.requestLog.maxBodyBytes).toBe(99);
    expect(changed.map((c) => c.key)).toEqual([
      "server.metrics",
      "server.console",
      "requestLog.enabled",
      "retention",
    ]);
  });

  it("reports nothing when only live settings changed, and ignores keys set on the command line", () => {
    const next = testConfig({ dir: "/srv/a", server: { port: 1 }, heartbeat: { everyMs: 5 } });
    expect(keepRunningValues(next, running, ["server.port"]).changed).toEqual([]);
    expect(keepRunningValues(testConfig({ dir: "/srv/a" }), running).changed).toEqual([]);
  });
});
