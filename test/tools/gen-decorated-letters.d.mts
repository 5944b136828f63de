// Types of gen-decorated-letters.mjs, so tests can import it under strict TypeScript.
export const tablePath: string;
export function generateDecoratedLetters(): string;
