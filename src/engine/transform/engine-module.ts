// The QuickJS engine's WebAssembly code, compiled once per process. Apart from the engine itself
// (quickjs-host.ts), so that the main thread, which only compiles the code for its workers, never
// loads the QuickJS library.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

/** A compiled WebAssembly module (opaque here); it can be handed to worker threads. */
export type EngineModule = object;

// The project compiles without DOM types, where WebAssembly is declared: name what is used here.
const Wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<EngineModule> } })
  .WebAssembly;

let engine: Promise<EngineModule> | null = null;

/**
 * The engine's WebAssembly code, compiled once per process and shared by every instance, worker
 * threads included (a module handed to a worker shares its compiled code): a new instance then costs
 * about a millisecond, where compiling anew and warming up the code again costs hundreds.
 */
export function engineModule(): Promise<EngineModule> {
  engine ??= (async () => {
    const fromQuickjs = createRequire(createRequire(import.meta.url).resolve("quickjs-emscripten"));
    const file = fromQuickjs.resolve("@jitl/quickjs-wasmfile-release-sync/wasm");
    return Wasm.compile(await readFile(file));
  })();
  return engine;
}

/** Uses a module compiled elsewhere (the main thread hands its own to each worker). */
export function useEngineModule(module: EngineModule): void {
  engine = Promise.resolve(module);
}
