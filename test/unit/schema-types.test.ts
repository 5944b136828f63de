// src/types/generated.ts is generated from schemas/: a schema change without `npm run gen:types` fails here.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { generatedPath, generateTypes } from "../tools/gen-types.mjs";

describe("generated schema types", () => {
  it("match the committed src/types/generated.ts", async () => {
    const committed = readFileSync(generatedPath, "utf8");
    expect(await generateTypes(), "schemas changed: run npm run gen:types").toBe(committed);
  });
});
