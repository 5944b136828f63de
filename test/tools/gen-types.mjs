// Generates src/types/generated.ts from the JSON Schemas in schemas/, so types cannot drift from them.
// `npm run gen:types` writes the file; test/unit/schema-types.test.ts fails when it is stale.
import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { compile } from "json-schema-to-typescript";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const schemas = [
  "config.schema.json",
  "wake-payload.schema.json",
  "agent-payload.schema.json",
  "transform-result.schema.json",
  "test-case.schema.json",
];

export async function generateTypes() {
  const parts = [
    "/* Generated from schemas/*.schema.json by `npm run gen:types`. Do not edit by hand. */",
    "",
  ];
  for (const file of schemas) {
    const schema = JSON.parse(await readFile(join(root, "schemas", file), "utf8"));
    const ts = await compile(schema, schema.title, {
      bannerComment: "",
      cwd: join(root, "schemas"),
      additionalProperties: false,
      unreachableDefinitions: true,
      style: { printWidth: 110, semi: true, singleQuote: false, trailingComma: "all" },
    });
    parts.push(ts.trim(), "");
  }
  return parts.join("\n");
}

export const generatedPath = join(root, "src", "types", "generated.ts");

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(generatedPath, await generateTypes());
  console.log(`wrote ${generatedPath}`);
}
