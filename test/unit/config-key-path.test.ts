// Key paths in messages (`hooks.mappings[0].match.path`) and their parsing back, used to place issues
// the rule compiler reports into the right file and line.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatKeyPath, type PathSegment, parseKeyPath } from "../../src/config/source/key-path.js";

describe("key paths", () => {
  it("format keys, indices and quoted keys", () => {
    expect(formatKeyPath(["hooks", "mappings", 0, "match", "path"])).toBe("hooks.mappings[0].match.path");
    expect(formatKeyPath(["agents", "defaults", "models", "openai/gpt-4o", "alias"])).toBe(
      'agents.defaults.models["openai/gpt-4o"].alias',
    );
    expect(formatKeyPath(["mappings", 1])).toBe("mappings[1]");
    expect(formatKeyPath([])).toBe("");
  });

  it("parse back to the same segments", () => {
    const segment = fc.oneof(fc.nat({ max: 1000 }), fc.string({ minLength: 1, maxLength: 12 }));
    const path = fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.array(segment, { maxLength: 6 }));
    fc.assert(
      fc.property(path, ([first, rest]) => {
        const segments: PathSegment[] = [first, ...rest];
        expect(parseKeyPath(formatKeyPath(segments))).toEqual(segments);
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it("refuse text that is not a key path", () => {
    expect(parseKeyPath("rules/gh.yaml mappings[0]")).toBeUndefined();
    expect(parseKeyPath(".hooks")).toBeUndefined();
    expect(parseKeyPath("hooks[x]")).toBeUndefined();
  });
});
