// Types of gen-config-reference.mjs, so tests can import it under strict TypeScript.
export const referencePath: string;
export const schemaPath: string;
export const startMarker: string;
export const endMarker: string;
export function renderConfigReference(schema: Record<string, unknown>): string;
export function replaceSection(page: string, section: string): string;
export function extractSection(page: string): string | undefined;
export function generateConfigReference(): Promise<string>;
