// src/schemas/compiled-validators.ts is generated from schemas/: a schema change without `npm run
// gen:validators` fails here. The precompiled validators judge as ajv compiling the schemas would.
import { readFileSync } from "node:fs";
import Ajv2020Module from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { validateAgent, validateConfig, validateWake } from "../../src/schemas/validators.js";
import { generatedPath, generateValidators } from "../tools/gen-validators.mjs";

const schema = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), "utf8")) as object;

describe("precompiled schema validators", () => {
  it("match the committed src/schemas/compiled-validators.ts", async () => {
    const committed = readFileSync(generatedPath, "utf8");
    expect(await generateValidators(), "schemas changed: run npm run gen:validators").toBe(committed);
  });

  it("find the same errors as the schemas compiled at run time", () => {
    const ajv = new Ajv2020Module.default({
      allErrors: true,
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
      verbose: true,
    });
    addFormatsModule.default(ajv);
    for (const name of ["test-case.schema.json", "config.schema.json"]) ajv.addSchema(schema(name));
    const config = ajv.getSchema("https://hookgate.dev/schemas/config.schema.json")!;
    const wake = ajv.compile(schema("wake-payload.schema.json"));
    const agent = ajv.compile(schema("agent-payload.schema.json"));
    const samples: [typeof validateConfig, typeof config, unknown][] = [
      [validateConfig, config, { hooks: { enabled: "yes", path: 3, mappings: [{ match: {} }] }, servr: {} }],
      [validateConfig, config, { server: { port: 18789 }, hooks: { enabled: true, token: "x" } }],
      [validateWake, wake, { text: "", mode: "later" }],
      [validateAgent, agent, { message: "hi", timeoutSeconds: "10", extra: 1 }],
    ];
    for (const [precompiled, compiled, data] of samples) {
      expect(precompiled(data)).toBe(compiled(data));
      const strip = (errors: typeof compiled.errors) =>
        (errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({
          instancePath,
          schemaPath,
          keyword,
          params,
          message,
        }));
      expect(strip(precompiled.errors)).toEqual(strip(compiled.errors));
    }
  });
});
