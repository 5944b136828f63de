// server.metrics, server.console, requestLog and retention: defaults, durations, address lists and the
// paths hookgate keeps for itself.
import { describe, expect, it } from "vitest";
import { addressAllowed, parseAddressList } from "../../src/core/address-list.js";
import { issueAt, loadErrors, loadYaml } from "./config-helpers.js";

describe("observability settings", () => {
  it("defaults: metrics and console on for loopback, request log on, 14 days or 100,000 rows kept", async () => {
    const { config } = await loadYaml("hooks:\n  enabled: false\n");
    expect(config.server.metrics).toEqual({ enabled: true, allowFrom: ["loopback"] });
    expect(config.server.console).toEqual({
      enabled: true,
      allowFrom: ["loopback"],
      sessionTtlMs: 12 * 3_600_000,
    });
    expect(config.requestLog).toEqual({ enabled: true, maxBodyBytes: 65_536 });
    expect(config.retention).toEqual({ maxAgeMs: 14 * 86_400_000, maxRows: 100_000, pruneEveryMs: 600_000 });
  });

  it("reads durations and address lists", async () => {
    const { config } = await loadYaml(
      [
        "server:",
        "  metrics: { allowFrom: [loopback, 10.0.0.0/8, 'fd00::/8', 192.168.1.7] }",
        "  console: { enabled: false, sessionTtl: 30m }",
        "requestLog: { maxBodyBytes: 0 }",
        "retention: { maxAge: 36h, maxRows: 0, pruneEvery: 1m }",
      ].join("\n"),
    );
    expect(config.server.metrics.allowFrom).toEqual(["loopback", "10.0.0.0/8", "fd00::/8", "192.168.1.7"]);
    expect(config.server.console).toMatchObject({ enabled: false, sessionTtlMs: 1_800_000 });
    expect(config.retention).toEqual({ maxAgeMs: 36 * 3_600_000, maxRows: 0, pruneEveryMs: 60_000 });
  });

  it("names a bad address entry and the forms it accepts", async () => {
    const issues = await loadErrors("server:\n  console: { allowFrom: [loopback, 10.0.0.0/33] }\n");
    expect(issueAt(issues, "server.console.allowFrom").message).toBe(
      '"10.0.0.0/33" is not loopback, any, an IP address or a CIDR range such as 10.0.0.0/8 or fd00::/8',
    );
  });

  it("refuses a hooks.path that would hide /console or /metrics", async () => {
    const issues = await loadErrors("hooks:\n  path: /console/hooks\n");
    expect(issueAt(issues, "hooks.path").message).toMatch(/taken by hookgate's own \/console/);
  });

  it("refuses a malformed duration with the key's path", async () => {
    const issues = await loadErrors("retention:\n  maxAge: two weeks\n");
    expect(issueAt(issues, "retention.maxAge")).toBeDefined();
  });
});

describe("address lists", () => {
  const list = (...entries: string[]) => {
    const parsed = parseAddressList(entries);
    if ("bad" in parsed) throw new Error(parsed.bad);
    return parsed;
  };

  it("loopback is 127.0.0.0/8 and ::1, reached directly", () => {
    const l = list("loopback");
    expect(addressAllowed(l, "127.0.0.1", false)).toBe(true);
    expect(addressAllowed(l, "127.3.2.1", false)).toBe(true);
    expect(addressAllowed(l, "::1", false)).toBe(true);
    expect(addressAllowed(l, "10.0.0.1", false)).toBe(false);
    // A proxy on the same host forwards everyone from 127.0.0.1: that is not a loopback client.
    expect(addressAllowed(l, "127.0.0.1", true)).toBe(false);
  });

  it("ranges and single addresses; any lets everyone in", () => {
    const l = list("10.0.0.0/8", "2001:db8::/32", "192.168.1.7");
    expect(addressAllowed(l, "10.9.8.7", false)).toBe(true);
    expect(addressAllowed(l, "2001:db8::5", false)).toBe(true);
    expect(addressAllowed(l, "192.168.1.7", false)).toBe(true);
    expect(addressAllowed(l, "192.168.1.8", false)).toBe(false);
    expect(addressAllowed(l, "127.0.0.1", false)).toBe(false);
    expect(addressAllowed(l, "not an address", false)).toBe(false);
    expect(addressAllowed(list("any"), "203.0.113.9", true)).toBe(true);
  });

  it("rejects what is not an address or range", () => {
    for (const bad of ["localhost", "10.0.0.0/", "10.0.0.0/8/8", "::1/129", "1.2.3.4/x", "*"]) {
      expect(parseAddressList([bad])).toEqual({ bad });
    }
  });
});
