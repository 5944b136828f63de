// Settings that become timer delays: Node.js timers cannot wait longer than 2^31 − 1 ms and fire after
// 1 ms instead, so longer values are refused at load.
import { describe, expect, it } from "vitest";
import { issueAt, loadErrors, loadYaml } from "./config-helpers.js";

describe("heartbeat.every", () => {
  it.each(["30d", "25d", "2147483648ms"])("refuses %j, naming the longest period", async (every) => {
    const issues = await loadErrors(`heartbeat:\n  every: ${every}\n`);
    expect(issueAt(issues, "heartbeat.every")).toMatchObject({
      message: `"${every}" is longer than the longest timer period, 2147483647 ms (about 24.8 days); use 24d or less, or 0 to turn the periodic heartbeat off`,
      line: 2,
      column: 10,
    });
  });

  it.each([
    ["24d", 24 * 86_400_000],
    ["2147483647ms", 2_147_483_647],
    ["1.5h", 5_400_000],
    ["0", 0],
  ])("accepts %j", async (every, ms) => {
    expect((await loadYaml(`heartbeat:\n  every: "${every}"\n`)).config.heartbeat.everyMs).toBe(ms);
  });
});

describe("delivery delays", () => {
  it.each(["baseDelayMs", "maxDelayMs"])("refuses delivery.%s above the longest timer", async (key) => {
    const issues = await loadErrors(`delivery:\n  ${key}: 2592000000\n`);
    expect(issueAt(issues, `delivery.${key}`).message).toBe(
      "expected at most 2147483647 ms (about 24.8 days), the longest timer Node.js supports, found number 2592000000",
    );
  });

  it("accepts the longest timer", async () => {
    const { config } = await loadYaml("delivery:\n  baseDelayMs: 2147483647\n  maxDelayMs: 2147483647\n");
    expect(config.delivery).toMatchObject({ baseDelayMs: 2_147_483_647, maxDelayMs: 2_147_483_647 });
  });
});
