// Types of gen-validators.mjs, so tests can import it under strict TypeScript.
export function generateValidators(): Promise<string>;
export const generatedPath: string;
