// How a typed pause target becomes a stored one: bare names are mappings or packs, kinds may be
// written, lanes always are; a name the config lacks is refused naming what it has.
import { describe, expect, it } from "vitest";
import { resolveTarget } from "../../src/commands/pause-target.js";

const known = {
  mappings: ["github", "alerts", "shared"],
  packs: ["shared", "sentry"],
  lanes: ["slow", "mapping:alerts"],
};

describe("pause targets", () => {
  it("reads a bare name as the mapping or the pack it names, and keeps a written kind", () => {
    expect(resolveTarget("github", known)).toEqual({ target: "mapping:github" });
    expect(resolveTarget("sentry", known)).toEqual({ target: "pack:sentry" });
    expect(resolveTarget("pack:shared", known)).toEqual({ target: "pack:shared" });
    expect(resolveTarget("mapping:shared", known)).toEqual({ target: "mapping:shared" });
    expect(resolveTarget("lane:slow", known)).toEqual({ target: "lane:slow" });
  });

  it("asks which for a name that is both, and names the known ones for an unknown name", () => {
    expect(resolveTarget("shared", known)).toEqual({
      problem: '"shared" is both a mapping and a pack: write mapping:shared or pack:shared',
    });
    expect(resolveTarget("githb", known)).toEqual({
      problem:
        'no mapping or pack "githb"; did you mean "github"? (mappings: github, alerts, shared; packs: shared, sentry)',
    });
    expect(resolveTarget("pack:github", known)).toMatchObject({
      problem: expect.stringContaining('no pack "github"'),
    });
    expect(resolveTarget("mapping:", known)).toEqual({ problem: '"mapping:" names no mapping' });
    expect(resolveTarget("lane:mapping:alerts", known)).toEqual({ target: "lane:mapping:alerts" });
    expect(resolveTarget("lane:slwo", known)).toEqual({
      problem: 'no lane "slwo"; did you mean "slow"? (lanes: slow, mapping:alerts)',
    });
    expect(resolveTarget("lane:x", { ...known, lanes: [] })).toEqual({
      problem: 'no lane "x" (no lanes are configured)',
    });
  });

  it("takes only written kinds when the config could not be read", () => {
    expect(resolveTarget("mapping:x", undefined)).toEqual({ target: "mapping:x" });
    expect(resolveTarget("x", undefined)).toMatchObject({
      problem: expect.stringContaining("write mapping:x or pack:x"),
    });
  });
});
