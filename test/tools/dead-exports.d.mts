// Types of dead-exports.mjs, so tests can import it under strict TypeScript.
export function deadExports(root?: string): string[];
