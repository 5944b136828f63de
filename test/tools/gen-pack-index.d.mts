// Types of gen-pack-index.mjs, so tests can import it under strict TypeScript.
export function generatePackIndex(): string;
export const generatedPath: string;
