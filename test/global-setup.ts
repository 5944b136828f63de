// End-to-end tests start `node dist/cli.js` as a child process: build dist/ from the current sources
// once before the suite, as `npm run build` does (tsc, then the bundled command line), so they never
// run stale code. A failed build is reported, not fatal here:
// `npm test` type-checks before vitest runs, and the end-to-end tests fail on their own without dist/.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  try {
    execFileSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: root, stdio: "pipe" });
    execFileSync(process.execPath, ["test/tools/bundle-cli.mjs"], { cwd: root, stdio: "pipe" });
  } catch (err) {
    const out = (err as { stdout?: Buffer }).stdout?.toString() ?? String(err);
    process.stderr.write(`warning: building dist/ failed; end-to-end tests will fail:\n${out}\n`);
  }
}
