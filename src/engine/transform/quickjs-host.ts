// Owns the QuickJS WebAssembly instance one sandbox runs in.
//
// Each sandbox gets its own instance with a fixed-size memory, because that is the only memory cap
// that holds: this QuickJS build cannot measure the size of its allocations (no malloc_usable_size
// under Emscripten), so runtime.setMemoryLimit refuses a single oversized allocation but lets many
// smaller ones (strings, arrays, typed arrays) grow the instance up to 2 GiB. A WebAssembly.Memory
// created with a maximum makes every allocation past it fail inside QuickJS as "out of memory".
// The instance starts at the 16 MiB the engine needs (code data, a 5 MiB stack, a first heap) and
// may grow by memoryMiB.
//
// An exception thrown by the host while WebAssembly code runs (a native stack overflow, a trap, an
// engine assertion) unwinds the WebAssembly frames without QuickJS cleaning up, so that instance can
// no longer be trusted. It is retired and a standby instance, prepared in the background, takes its
// place at once; only when two fail in quick succession do calls fail fast until the next is ready.
import {
  newQuickJSWASMModuleFromVariant,
  newVariant,
  type QuickJSWASMModule,
  RELEASE_SYNC,
} from "quickjs-emscripten";
import { type EngineModule, engineModule } from "./engine-module.js";

// The project compiles without DOM types, where WebAssembly is declared: name what is used here.
interface WasmMemory {
  readonly buffer: ArrayBuffer;
}
interface WasmInstance {
  readonly exports: object;
}
const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: new (d: { initial: number; maximum: number }) => WasmMemory;
      Instance: new (module: EngineModule, imports: object) => WasmInstance;
    };
  }
).WebAssembly;

const PAGE_BYTES = 64 * 1024;
const ignore = () => undefined;
/** The memory size the engine is built for; it cannot start with less. */
const BASE_PAGES = 256;

interface Instance {
  module: QuickJSWASMModule;
  memory: WasmMemory;
}

export class QuickJSHost {
  private current: Instance | null = null;
  private standby: Instance | null = null;
  private filling: Promise<void> | null = null;
  private closed = false;
  private readonly maxPages: number;

  /** keepStandby: false for short-lived sandboxes (listing a module's exports at load). */
  constructor(
    memoryMiB: number,
    private readonly keepStandby = true,
  ) {
    this.maxPages = BASE_PAGES + Math.ceil((memoryMiB * 1024 * 1024) / PAGE_BYTES);
  }

  /** Resolves once an instance and its standby are ready (config load time). */
  async ready(): Promise<QuickJSWASMModule> {
    while (!this.current || (this.keepStandby && !this.standby)) {
      if (this.closed) throw new Error("the sandbox was disposed");
      await this.fill();
    }
    return this.current.module;
  }

  /** The usable instance, or null while a replacement is being prepared (asks for one then). */
  get module(): QuickJSWASMModule | null {
    if (!this.current) this.fillInBackground();
    return this.current?.module ?? null;
  }

  /** Whether the instance's memory has grown to (nearly) its maximum: the heap is exhausted. */
  memoryExhausted(): boolean {
    const memory = this.current?.memory;
    return memory !== undefined && memory.buffer.byteLength >= (this.maxPages - 16) * PAGE_BYTES;
  }

  /** Drops `module` for good and switches to the standby instance, if one is ready. */
  retire(module: QuickJSWASMModule): void {
    if (this.current?.module !== module) return;
    this.current = this.standby;
    this.standby = null;
    this.fillInBackground();
  }

  /** Drops both instances; nothing is prepared any more. */
  close(): void {
    this.closed = true;
    this.current = null;
    this.standby = null;
  }

  private fillInBackground(): void {
    // Nobody awaits this: a failure shows as "restarting" answers and is retried by ready().
    this.fill().catch(() => undefined);
  }

  private fill(): Promise<void> {
    if (this.closed || (this.current && (this.standby || !this.keepStandby))) return Promise.resolve();
    if (!this.filling) {
      this.filling = this.create()
        .then((instance) => {
          if (this.closed) return;
          if (!this.current) this.current = instance;
          else this.standby = instance;
        })
        .finally(() => {
          this.filling = null;
        });
    }
    return this.filling;
  }

  private async create(): Promise<Instance> {
    const compiled = await engineModule();
    const memory = new Wasm.Memory({ initial: BASE_PAGES, maximum: this.maxPages });
    const variant = newVariant(RELEASE_SYNC, {
      wasmMemory: memory,
      // Engine aborts surface as failed calls; the engine's own console output would only duplicate them.
      // A synchronous instance of the shared module: the asynchronous path can wait behind the
      // background compilation of optimised code. (print, printErr and instantiateWasm are Emscripten
      // options the typings leave out.)
      emscriptenModule: {
        print: ignore,
        printErr: ignore,
        instantiateWasm(imports: object, receive: (instance: WasmInstance, module: EngineModule) => void) {
          const instance = new Wasm.Instance(compiled, imports);
          receive(instance, compiled);
          return instance.exports;
        },
      } as object,
    });
    const module = await newQuickJSWASMModuleFromVariant(variant);
    return { module, memory };
  }
}
