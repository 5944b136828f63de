// The host side of the node:crypto subset transforms may import (createHash, createHmac,
// timingSafeEqual, randomUUID): the hashing runs in the worker thread with Node's own crypto. Hash
// objects live in the sandbox (prelude.ts), which keeps their input until digest() and then asks
// the host once: a call into the host costs far more than hashing a short update, so one per digest,
// not one per update.
// This side trusts nothing it receives:
// - it reads strings only (never an object, whose conversion would run sandbox code), checks their
//   length before copying them out, and refuses one that does not come out whole (the engine hands
//   strings over as C strings, which end at the first NUL);
// - data (text, keys, bytes as latin1 text) arrives as a JSON string literal, so any character,
//   NUL and lone surrogates included, crosses exactly;
// - one transform call may feed at most MAX_INPUT_CHARS into crypto;
// - every operation first checks the call's CPU deadline, so crypto time counts against cpuMs;
// - it keeps nothing between calls but that count, which forget() resets.
// Answers are strings tagged by their first character: V<value>, or T/R/E<message> for a TypeError,
// RangeError or Error the sandbox throws.
import { type BinaryToTextEncoding, createHash, createHmac, randomUUID, timingSafeEqual } from "node:crypto";

/** Characters of input (data, keys, compared values, as JSON text) one transform call may hand to crypto. */
export const MAX_INPUT_CHARS = 16 * 1024 * 1024;

const ALGORITHMS = [
  "md5",
  "sha1",
  "sha224",
  "sha256",
  "sha384",
  "sha512",
  "sha3-256",
  "sha3-384",
  "sha3-512",
];
const INPUT_ENCODINGS = new Map<string, BufferEncoding>([
  ["utf8", "utf8"],
  ["utf-8", "utf8"],
  ["latin1", "latin1"],
  ["binary", "latin1"],
  ["hex", "hex"],
  ["base64", "base64"],
  ["base64url", "base64url"],
]);
// "binary" is Node's name for latin1 text: one character per byte.
const OUTPUT_ENCODINGS = new Map<string, BinaryToTextEncoding>([
  ["hex", "hex"],
  ["base64", "base64"],
  ["base64url", "base64url"],
  ["latin1", "binary"],
  ["binary", "binary"],
]);

/** What the sandbox needs to know to refuse early what the host would refuse. */
export const CRYPTO_INFO = JSON.stringify({
  algorithms: ALGORITHMS,
  inputEncodings: [...INPUT_ENCODINGS.keys()],
  outputEncodings: [...OUTPUT_ENCODINGS.keys()],
  maxInput: MAX_INPUT_CHARS,
});

/** How the host reads one argument: its type, its length (a number property) and its text. */
export interface ArgReader {
  isString(i: number): boolean;
  length(i: number): number;
  text(i: number): string;
  count: number;
}

export class HostCrypto {
  private used = 0;

  /** `overDeadline` tells whether the current call is past its CPU deadline. */
  constructor(private readonly overDeadline: () => boolean) {}

  /** Resets the input count: called when a transform call starts and ends. */
  forget(): void {
    this.used = 0;
  }

  /** One operation: args[0] names it, the rest are its string arguments. */
  call(args: ArgReader): string {
    if (this.overDeadline()) return "Ethe transform ran out of time";
    try {
      switch (this.str(args, 0)) {
        case "digest":
          return this.digest(args);
        case "equal":
          return this.equal(args);
        case "uuid":
          return `V${randomUUID()}`;
        default:
          return "Tunknown crypto operation";
      }
    } catch (err) {
      // Node refused the input: an Error in the sandbox, never a host crash.
      return `E${err instanceof Error ? err.message : String(err)}`;
    }
  }

  /** digest(algorithm, outputEncoding, keyJson | "", keyEncoding, dataJson, encoding, ...) → V<text> */
  private digest(args: ArgReader): string {
    const name = this.str(args, 1) ?? "";
    const algorithm = name.toLowerCase();
    if (!ALGORITHMS.includes(algorithm)) {
      return `EDigest method not supported: ${name.slice(0, 40)}; use one of ${ALGORITHMS.join(", ")}`;
    }
    const output = OUTPUT_ENCODINGS.get(this.str(args, 2) ?? "");
    if (output === undefined) return "TUnknown digest encoding";
    let hash: ReturnType<typeof createHash> | ReturnType<typeof createHmac>;
    if (args.count > 3 && args.isString(3) && args.length(3) === 0) {
      hash = createHash(algorithm);
    } else {
      const key = this.bytes(args, 3);
      if (typeof key === "string") return key;
      hash = createHmac(algorithm, key);
    }
    for (let i = 5; i < args.count; i += 2) {
      const data = this.bytes(args, i);
      if (typeof data === "string") return data;
      hash.update(data);
    }
    return `V${hash.digest(output)}`;
  }

  /** equal(aJson, aEncoding, bJson, bEncoding) → V1 | V0, in constant time for equal lengths */
  private equal(args: ArgReader): string {
    const a = this.bytes(args, 1);
    if (typeof a === "string") return a;
    const b = this.bytes(args, 3);
    if (typeof b === "string") return b;
    if (a.length !== b.length) return "RInput buffers must have the same byte length";
    return timingSafeEqual(a, b) ? "V1" : "V0";
  }

  /** The bytes of a data argument (JSON text) and the encoding after it, counted against the call's input. */
  private bytes(args: ArgReader, at: number): Buffer | string {
    const invalid = "Tthe data must be a string or bytes";
    if (at >= args.count || !args.isString(at)) return invalid;
    const length = args.length(at);
    if (this.used + length > MAX_INPUT_CHARS) {
      return `Enode:crypto in transforms takes at most ${MAX_INPUT_CHARS} characters of input per call`;
    }
    const encoding = INPUT_ENCODINGS.get(this.str(args, at + 1) ?? "");
    if (encoding === undefined) return "TUnknown encoding";
    this.used += length;
    const json = whole(args, at);
    let value: unknown;
    try {
      value = json === undefined ? undefined : JSON.parse(json);
    } catch {
      return invalid;
    }
    return typeof value === "string" ? Buffer.from(value, encoding) : invalid;
  }

  /** A short string argument (an operation, algorithm or encoding name), else undefined. */
  private str(args: ArgReader, i: number): string | undefined {
    if (i >= args.count || !args.isString(i) || args.length(i) > 64) return undefined;
    return whole(args, i);
  }
}

/** A string argument as the sandbox holds it, or undefined when it does not come out whole. */
function whole(args: ArgReader, i: number): string | undefined {
  const text = args.text(i);
  return text.length === args.length(i) ? text : undefined;
}
