// V8's flags for a process that runs one short command and ends (`hookgate validate`, `hookgate test`,
// each as its own process). Each function runs a few times there: V8's optimising compiler (on
// background threads) would spend more CPU recompiling the busiest ones than their faster code gives
// back before the process ends, and so would recompiling the transform engine's WebAssembly; a
// server's first transform calls run on the same baseline code. `--liftoff-only` alone does not stop
// the WebAssembly tier-up on Node.js 24 (building a sandbox took 0.12 s of CPU instead of 0.04 s):
// tier-up and dynamic tiering are turned off by name too.
import { setFlagsFromString } from "node:v8";

const SHORT_LIVED = "--no-opt --liftoff-only --no-wasm-tier-up --no-wasm-dynamic-tiering";
/** V8's own defaults for the same flags. */
const DEFAULTS = "--opt --no-liftoff-only --wasm-tier-up --wasm-dynamic-tiering";

let shortLived = false;

/**
 * Sets the short-lived flags. They are the process's, worker threads included: call this only where
 * the process is a short command's, before its work (and the first transform) starts.
 */
export function useShortLivedFlags(): void {
  setFlagsFromString(SHORT_LIVED);
  shortLived = true;
}

/**
 * Puts V8's default flags back while a worker thread starts; the returned function sets the
 * short-lived ones again (call it once the worker has loaded its script, before it runs a
 * transform; a second call does nothing). A thread starts from Node.js's snapshot and the code cache
 * of its built-in modules only under the flags they were made with: under other flags V8 rejects
 * them and the thread compiles its bootstrap anew, about 32 ms more CPU for an empty worker. No
 * transform runs in between, and the engine's WebAssembly was compiled before: only the main
 * thread's own code may be optimised meanwhile.
 */
export function defaultFlagsWhileThreadStarts(): () => void {
  if (!shortLived) return () => undefined;
  setFlagsFromString(DEFAULTS);
  let restored = false;
  return () => {
    if (restored) return;
    restored = true;
    setFlagsFromString(SHORT_LIVED);
  };
}
