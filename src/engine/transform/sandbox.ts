// One transform export running in its own QuickJS instance, runtime and context, with hard limits
// per call.
//
// Why one long-lived, hardened context instead of a fresh context per call: creating a QuickJS
// context builds every intrinsic anew, before the bundle is evaluated again, which costs several
// times a whole call in a kept context (test/bench/README.md, "A transform call, piece by piece").
// Keeping it is safe because nothing in it can carry state from one call to the next:
// - the prelude deep-freezes globalThis and every intrinsic before any transform code runs, so
//   polluting Object.prototype, adding globals or patching built-ins fails in every call;
// - the bundled module is a factory evaluated anew in every call, so module-level variables start
//   fresh each time (top-level code runs once per call: keep it cheap);
// - pending jobs are drained before a call returns, also those a result's toJSON queues while it is
//   turned into JSON, and nothing else can run later (no timers, no WeakRef / FinalizationRegistry
//   callbacks); a runtime that still holds a job when a call starts is rebuilt first;
// - after a timeout the runtime is thrown away, after an out-of-memory failure the whole WebAssembly
//   instance (its memory only ever grows), and both are rebuilt.
// A call that comes back after its deadline is a timeout whatever it answered: some work (a garbage
// collection when the heap is nearly full, one long built-in call) does not stop at the interrupt
// handler. The rebuild after a failure is left to maintain(), which the worker runs after answering,
// so it never counts against a call. The input goes in as JSON text, which hand() parses inside the
// sandbox under its own time budget before run() starts the transform's cpuMs: the sender's body is
// never the transform's timeout. The measurements are in test/bench/transform.bench.mjs.
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from "quickjs-emscripten";
import { type ArgReader, CRYPTO_INFO, HostCrypto } from "./host-crypto.js";
import { PRELUDE_SOURCE } from "./prelude.js";
import { QuickJSHost } from "./quickjs-host.js";
import { handoffBudgetMs, type SandboxLimits, SETUP_BUDGET_MS, type TransformFailureCode } from "./types.js";

/**
 * Upper bound of the QuickJS stack limit. QuickJS measures its own stack in WebAssembly memory,
 * but every nested call also uses the host's native stack (about 1 MB in Node.js), several times
 * more in deep native recursion such as JSON.stringify. Above roughly 64 KiB a deep recursion can
 * overflow the host stack before QuickJS notices, which crashes the whole WebAssembly instance
 * instead of failing one call. 48 KiB still allows a few hundred nested JavaScript calls.
 */
const MAX_SANDBOX_STACK_BYTES = 48 * 1024;

export type RawFailure = { ok: false; code: TransformFailureCode; error: string };
/** json: the result as JSON text, null for a skip. */
export type RawOutcome = { ok: true; json: string | null } | RawFailure;

export interface SandboxOptions {
  /** Module path relative to the transforms folder, for messages. */
  module: string;
  /** `(function(){ ... return [[name, value], ...] })` built by bundle.ts. */
  factorySource: string;
  /** Export to call; "" for a sandbox used only to list exports. */
  exportName: string;
  limits: SandboxLimits;
}

interface Parts {
  module: QuickJSWASMModule;
  runtime: QuickJSRuntime;
  context: QuickJSContext;
  hand: QuickJSHandle;
  run: QuickJSHandle;
  settle: QuickJSHandle;
  probe: QuickJSHandle;
}

/** Thrown by Sandbox.start when the sandbox cannot be built (reported as a config error). */
export class SandboxStartError extends Error {}

export class Sandbox {
  private readonly host: QuickJSHost;
  private parts: Parts | null = null;
  private deadline = Number.POSITIVE_INFINITY;
  private budgetMs = 0;
  private interrupted = false;
  private disposed = false;
  /** What the last call left to clean up: nothing, the runtime, or the whole instance. */
  private spoiled: "no" | "runtime" | "instance" = "no";
  /** The host side of node:crypto; its time counts against the call's deadline. */
  private readonly crypto = new HostCrypto(() => {
    if (performance.now() <= this.deadline) return false;
    this.interrupted = true;
    return true;
  });

  constructor(private readonly options: SandboxOptions) {
    // A sandbox that only lists exports is thrown away right after: no standby instance for it.
    this.host = new QuickJSHost(options.limits.memoryMiB, options.exportName !== "");
  }

  /** Whether the next call can start at once: built, and nothing left to clean up (see maintain). */
  get ready(): boolean {
    return this.parts !== null && this.spoiled === "no" && !this.disposed;
  }

  /** Builds the sandbox now, so that load-time problems surface at config load. */
  async start(): Promise<void> {
    const built = this.build(await this.host.ready());
    if ("ok" in built) throw new SandboxStartError(built.error);
  }

  /**
   * Calls the export with its input's JSON text. Never throws. The input is parsed first, on a
   * budget of its own: running out of that time or memory is the input's size, not the transform's
   * failure.
   */
  call(inputJson: string): RawOutcome {
    const budgetMs = handoffBudgetMs(inputJson.length);
    const handed = this.invoke((parts) => this.handIn(parts, inputJson), budgetMs);
    if (!handed.ok) {
      if (handed.code !== "TRANSFORM_TIMEOUT" && handed.code !== "TRANSFORM_OUT_OF_MEMORY") return handed;
      const size = `the request as JSON (${inputJson.length} characters)`;
      const error =
        handed.code === "TRANSFORM_TIMEOUT"
          ? `${size} took the transform sandbox over ${budgetMs} ms to read; send a smaller or flatter body, or lower hooks.transformLimits.maxInputBytes`
          : `${size} does not fit in the transform sandbox's memory (hooks.transformLimits.memoryMiB is ${this.options.limits.memoryMiB}); send a smaller body, or raise memoryMiB`;
      return { ok: false, code: "TRANSFORM_INPUT_TOO_LARGE", error };
    }
    return this.invoke((parts) => this.callIn(parts), this.options.limits.cpuMs);
  }

  /**
   * Cleans up after a failed call and builds the next runtime, so that the next call starts at once.
   * Resolves when the sandbox is ready again (or cannot be: the next call then reports why).
   */
  async maintain(): Promise<void> {
    if (this.disposed) return;
    this.cleanUp();
    if (this.parts) return;
    try {
      await this.host.ready();
    } catch {
      return;
    }
    if (!this.disposed && !this.parts) this.ensure();
  }

  /** Lists the module's exports as [name, typeof] pairs (runs its top-level code once). */
  listExports(): { ok: true; exports: Array<[string, string]> } | RawFailure {
    const outcome = this.invoke((parts) => {
      const tagged = this.callTagged(parts, parts.probe);
      if (typeof tagged !== "string") return tagged;
      return tagged[0] === "V" ? { ok: true, json: tagged.slice(1) } : this.decode(tagged);
    }, SETUP_BUDGET_MS);
    if (!outcome.ok) return outcome;
    return { ok: true, exports: JSON.parse(outcome.json ?? "[]") as Array<[string, string]> };
  }

  dispose(): void {
    this.disposed = true;
    this.discard();
    this.host.close();
  }

  private invoke(body: (parts: Parts) => RawOutcome, budgetMs: number): RawOutcome {
    if (this.disposed) return { ok: false, code: "TRANSFORM_THREW", error: "the transform was unloaded" };
    // Normally done by maintain() after the previous call; done here when nobody called it.
    this.cleanUp();
    const parts = this.ensure();
    if ("ok" in parts) return parts;
    this.interrupted = false;
    this.budgetMs = budgetMs;
    this.deadline = performance.now() + budgetMs;
    this.crypto.forget();
    try {
      // Work that ran past the deadline is a timeout whatever it answered: an async function turns
      // the interruption into a rejection, a promise chain may outlive the returned value, and some
      // work (garbage collection near the memory cap, one long built-in call) never reaches the
      // interrupt handler.
      let outcome = body(parts);
      if (this.interrupted || performance.now() > this.deadline) outcome = this.timeout();
      // A timeout or an out-of-memory failure may leave the heap in any state: start over. An
      // instance that ran out of memory keeps its grown memory for good, so it goes entirely.
      if (!outcome.ok && outcome.code === "TRANSFORM_OUT_OF_MEMORY") this.spoiled = "instance";
      else if (!outcome.ok && outcome.code === "TRANSFORM_TIMEOUT") this.spoiled = "runtime";
      return outcome;
    } catch (err) {
      // The host threw while WebAssembly ran (native stack overflow, trap): the instance is unusable.
      this.parts = null;
      this.host.retire(parts.module);
      return {
        ok: false,
        code: "TRANSFORM_THREW",
        error: `the sandbox crashed (${describeHostError(err)}); it is restarted for the next call`,
      };
    } finally {
      this.deadline = Number.POSITIVE_INFINITY;
      this.crypto.forget();
    }
  }

  /** Parses the input inside the sandbox, where run() takes it from. */
  private handIn(parts: Parts, inputJson: string): RawOutcome {
    const tagged = this.callTagged(parts, parts.hand, inputJson);
    if (typeof tagged !== "string") return tagged;
    return tagged === "K" ? { ok: true, json: null } : this.decode(tagged);
  }

  /** Runs the export, drains pending jobs, settles a promise result, decodes the tag. */
  private callIn(parts: Parts): RawOutcome {
    let tagged = this.callTagged(parts, parts.run);
    if (typeof tagged !== "string") return tagged;
    const drained = this.drain(parts);
    if (drained) return drained;
    if (tagged === "P") {
      tagged = this.callTagged(parts, parts.settle);
      if (typeof tagged !== "string") return tagged;
      // settle() turned the value into JSON: a toJSON may have queued work, which belongs to this call.
      const again = this.drain(parts);
      if (again) return again;
    }
    return this.decode(tagged);
  }

  /** Runs every pending job (and the jobs they queue) now, inside this call's deadline. */
  private drain(parts: Parts): RawFailure | null {
    const drained = parts.runtime.executePendingJobs();
    if (!drained.error) return null;
    const failure = this.failureOf(parts.context, drained.error);
    drained.error.dispose();
    return failure;
  }

  private callTagged(parts: Parts, fn: QuickJSHandle, arg?: string): string | RawFailure {
    const { context } = parts;
    const argHandle = arg === undefined ? undefined : context.newString(arg);
    const result = argHandle
      ? context.callFunction(fn, context.undefined, argHandle)
      : context.callFunction(fn, context.undefined);
    argHandle?.dispose();
    if (result.error) {
      const failure = this.failureOf(context, result.error);
      result.error.dispose();
      return failure;
    }
    const text = context.getString(result.value);
    result.value.dispose();
    return text;
  }

  private decode(tagged: string): RawOutcome {
    const { limits, module } = this.options;
    const body = tagged.slice(1);
    switch (tagged[0]) {
      case "V": {
        // The sandbox checked UTF-16 units (never more than bytes); the limit is in UTF-8 bytes.
        const bytes = Buffer.byteLength(body, "utf8");
        return bytes > limits.maxResultBytes ? this.tooLarge(bytes) : { ok: true, json: body };
      }
      case "N":
        return { ok: true, json: null };
      case "E":
        return { ok: false, code: "TRANSFORM_THREW", error: body };
      case "I":
        return { ok: false, code: "TRANSFORM_INVALID_RESULT", error: body };
      case "P":
        return { ok: false, code: "TRANSFORM_INPUT_REJECTED", error: body };
      case "L":
        return this.tooLarge(Number(body));
      case "M":
        return this.outOfMemory();
      case "Z":
        return this.host.memoryExhausted()
          ? this.outOfMemory()
          : { ok: false, code: "TRANSFORM_THREW", error: "null" };
      case "U":
        return {
          ok: false,
          code: "TRANSFORM_INVALID_RESULT",
          error:
            "the transform returned a promise that never settled (the sandbox has no timers or I/O to settle it)",
        };
      default:
        return { ok: false, code: "TRANSFORM_THREW", error: `${module}: unexpected answer from the sandbox` };
    }
  }

  private timeout(): RawFailure {
    const { cpuMs } = this.options.limits;
    const error =
      this.budgetMs === cpuMs
        ? `the transform ran longer than hooks.transformLimits.cpuMs (${cpuMs} ms)`
        : `the module's top-level code ran longer than ${this.budgetMs} ms while loading`;
    return { ok: false, code: "TRANSFORM_TIMEOUT", error };
  }

  /** atLeast: bytes of the result's JSON, or a lower bound when it was never copied out. */
  private tooLarge(atLeast: number): RawFailure {
    const max = this.options.limits.maxResultBytes;
    return {
      ok: false,
      code: "TRANSFORM_RESULT_TOO_LARGE",
      error: `the result is over hooks.transformLimits.maxResultBytes (${max} bytes of JSON; it has at least ${atLeast})`,
    };
  }

  private outOfMemory(): RawFailure {
    return {
      ok: false,
      code: "TRANSFORM_OUT_OF_MEMORY",
      error: `the transform ran out of memory (hooks.transformLimits.memoryMiB is ${this.options.limits.memoryMiB})`,
    };
  }

  /** Classifies an exception that escaped the protocol functions (only engine errors can). */
  private failureOf(context: QuickJSContext, error: QuickJSHandle): RawFailure {
    if (this.interrupted) return this.timeout();
    if (context.typeof(error) !== "object" || context.sameValue(error, context.null)) {
      return this.host.memoryExhausted()
        ? this.outOfMemory()
        : { ok: false, code: "TRANSFORM_THREW", error: "unknown error" };
    }
    const handle = context.getProp(error, "message");
    const message = context.typeof(handle) === "string" ? context.getString(handle) : "unknown error";
    handle.dispose();
    if (message === "out of memory") return this.outOfMemory();
    return { ok: false, code: "TRANSFORM_THREW", error: message };
  }

  /** Throws away what the last failed call spoiled, and a runtime that still holds a job. */
  private cleanUp(): void {
    const parts = this.parts;
    const spoiled = this.spoiled;
    this.spoiled = "no";
    if (!parts) return;
    // Memory never shrinks: an instance that grew to its cap would report every later failure as
    // out of memory.
    if (spoiled === "instance" || (spoiled === "runtime" && this.host.memoryExhausted())) {
      this.parts = null;
      this.host.retire(parts.module);
    } else if (
      spoiled === "runtime" ||
      (this.host.module === parts.module && parts.runtime.hasPendingJob())
    ) {
      this.discard();
    }
  }

  private ensure(): Parts | RawFailure {
    const module = this.host.module;
    if (this.parts && this.parts.module === module) return this.parts;
    // The instance under these parts was retired: never touch it again.
    this.parts = null;
    if (!module) {
      return {
        ok: false,
        code: "TRANSFORM_THREW",
        error: "the sandbox is restarting after a crash; try again",
      };
    }
    return this.build(module);
  }

  private build(module: QuickJSWASMModule): Parts | RawFailure {
    const { limits, factorySource, exportName } = this.options;
    let runtime: QuickJSRuntime | undefined;
    let context: QuickJSContext | undefined;
    const temporaries: QuickJSHandle[] = [];
    const own: QuickJSHandle[] = [];
    this.interrupted = false;
    this.budgetMs = SETUP_BUDGET_MS;
    this.deadline = performance.now() + SETUP_BUDGET_MS;
    try {
      runtime = module.newRuntime();
      // A second guard under the instance's memory cap: refuses single allocations above the limit.
      runtime.setMemoryLimit(limits.memoryMiB * 1024 * 1024);
      runtime.setMaxStackSize(Math.min(limits.maxStackBytes, MAX_SANDBOX_STACK_BYTES));
      runtime.setInterruptHandler(() => {
        if (performance.now() <= this.deadline) return false;
        this.interrupted = true;
        return true;
      });
      context = runtime.newContext();
      const link = this.evalStep(context, PRELUDE_SOURCE, "prelude.js", temporaries);
      const factory = this.evalStep(context, factorySource, this.options.module, temporaries);
      const name = context.newString(exportName);
      const maxChars = context.newNumber(limits.maxResultBytes);
      const host = this.cryptoFunction(context);
      const cryptoInfo = context.newString(CRYPTO_INFO);
      temporaries.push(name, maxChars, host, cryptoInfo);
      const linked = context.callFunction(link, context.undefined, factory, name, maxChars, host, cryptoInfo);
      if (linked.error) throw this.setupError(context, linked.error);
      temporaries.push(linked.value);
      for (const key of ["hand", "run", "settle", "probe"]) own.push(context.getProp(linked.value, key));
      for (const handle of temporaries) handle.dispose();
      this.parts = {
        module,
        runtime,
        context,
        hand: own[0]!,
        run: own[1]!,
        settle: own[2]!,
        probe: own[3]!,
      };
      return this.parts;
    } catch (err) {
      if (err instanceof SandboxStartError) {
        try {
          for (const handle of [...temporaries, ...own]) if (handle.alive) handle.dispose();
          context?.dispose();
          runtime?.dispose();
        } catch {
          this.host.retire(module);
        }
      } else {
        // The host threw inside the engine: do not touch this instance again.
        this.host.retire(module);
      }
      const error = err instanceof SandboxStartError ? err.message : describeHostError(err);
      return { ok: false, code: "TRANSFORM_THREW", error: `the sandbox could not start: ${error}` };
    } finally {
      this.deadline = Number.POSITIVE_INFINITY;
    }
  }

  /** The one host function of the sandbox: node:crypto operations, strings in and one string out. */
  private cryptoFunction(context: QuickJSContext): QuickJSHandle {
    return context.newFunction("crypto", (...args: QuickJSHandle[]) => {
      const reader: ArgReader = {
        count: args.length,
        isString: (i) => context.typeof(args[i]!) === "string",
        length: (i) => {
          const handle = context.getProp(args[i]!, "length");
          const length = context.getNumber(handle);
          handle.dispose();
          return length;
        },
        text: (i) => context.getString(args[i]!),
      };
      return context.newString(this.crypto.call(reader));
    });
  }

  private evalStep(
    context: QuickJSContext,
    source: string,
    file: string,
    keep: QuickJSHandle[],
  ): QuickJSHandle {
    const result = context.evalCode(source, file, { type: "global", strict: true });
    if (result.error) throw this.setupError(context, result.error);
    keep.push(result.value);
    return result.value;
  }

  private setupError(context: QuickJSContext, error: QuickJSHandle): SandboxStartError {
    const failure = this.failureOf(context, error);
    error.dispose();
    const hint = failure.code === "TRANSFORM_OUT_OF_MEMORY" ? "; raise hooks.transformLimits.memoryMiB" : "";
    return new SandboxStartError(failure.error + hint);
  }

  /** Frees the runtime; the next call builds a new one. */
  private discard(): void {
    const parts = this.parts;
    this.parts = null;
    if (!parts || this.host.module !== parts.module) return;
    try {
      for (const handle of [parts.hand, parts.run, parts.settle, parts.probe]) handle.dispose();
      parts.context.dispose();
      parts.runtime.dispose();
    } catch {
      // Freeing failed an engine assertion: the instance is in an unknown state.
      this.host.retire(parts.module);
    }
  }
}

function describeHostError(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}
