// Types of bundle-cli.mjs, so tests can import it under strict TypeScript.
export function bundleCli(): Promise<void>;
export const bundleDir: string;
