// Types of gen-config-reference.mjs, so tests can import it under strict TypeScript.
export const readmePath: string;
export const schemaPath: string;
export const startMarker: string;
export const endMarker: string;
export function renderConfigReference(schema: Record<string, unknown>): string;
export function replaceSection(readme: string, section: string): string;
export function extractSection(readme: string): string | undefined;
export function generateConfigReference(): Promise<string>;
