// Types of gen-types.mjs, so tests can import it under strict TypeScript.
export function generateTypes(): Promise<string>;
export const generatedPath: string;
