// Writes a JSON value in QuickJS's own binary object format (what JS_ReadObject reads), so that the
// sandbox can take a call's input without parsing JSON text: QuickJS's JSON.parse costs about twice
// as much as reading the same value in this form, and handing text in costs a UTF-8 copy on top.
//
// Only what JSON.parse can produce is written (null, booleans, numbers, strings, arrays, plain
// objects), so the reader builds exactly what JSON.parse would have built from the same text. The
// format belongs to the QuickJS build: sandbox.ts compares this writer's bytes with the engine's own
// for a sample value when a sandbox starts, and sends JSON text instead if they differ.
//
// The main thread writes a call's input this way from the input object itself when it is plain data
// (encodeInputValue, in place of JSON.stringify) and transfers the bytes to the worker; a worker
// whose engine cannot read them reads them back (decodeJsonValue) and sends the text.
//
// Layout: version byte, atom count, atoms (property names, as strings), then the value. Property
// names are written once in the atom table and referred to by index; canonical array indices up to
// 2^31 - 1 are the engine's integer atoms and are written inline.

/** The engine's object format version (BC_VERSION) this writer speaks. */
const VERSION = 5;
const TAG_NULL = 1;
const TAG_FALSE = 3;
const TAG_TRUE = 4;
const TAG_INT32 = 5;
const TAG_FLOAT64 = 6;
const TAG_STRING = 7;
const TAG_OBJECT = 8;
const TAG_ARRAY = 9;
/** The largest integer atom of the engine (JS_ATOM_MAX_INT). */
const MAX_INT_ATOM = 2 ** 31 - 1;
const INDEX = /^(?:0|[1-9][0-9]{0,9})$/;
const WIDE = /[^\u0000-\u00ff]/;

/** A value nested deeper than this is sent as JSON text (whose parser checks the sandbox's stack). */
export const MAX_BINARY_DEPTH = 64;

class Writer {
  buf = Buffer.allocUnsafe(4096);
  pos = 0;

  reserve(bytes: number): void {
    if (this.pos + bytes <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + bytes));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  byte(value: number): void {
    this.reserve(1);
    this.buf[this.pos++] = value;
  }

  /** Unsigned LEB128 of a value below 2^32. */
  leb(value: number): void {
    this.reserve(5);
    let v = value >>> 0;
    while (v >= 0x80) {
      this.buf[this.pos++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.pos++] = v;
  }

  /** A string: length and width, then Latin-1 bytes or UTF-16 code units (little-endian). */
  string(text: string): void {
    const length = text.length;
    if (length > 32) {
      this.longString(text);
      return;
    }
    // Short strings (most keys and values) are copied here: a native write costs more for them.
    const start = this.pos;
    this.leb(length << 1);
    this.reserve(length);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < length; i++) {
      const code = text.charCodeAt(i);
      if (code > 0xff) {
        this.pos = start;
        this.longString(text);
        return;
      }
      buf[pos++] = code;
    }
    this.pos = pos;
  }

  private longString(text: string): void {
    if (WIDE.test(text)) {
      this.leb((text.length << 1) | 1);
      this.reserve(text.length * 2);
      this.pos += this.buf.write(text, this.pos, "utf16le");
    } else {
      this.leb(text.length << 1);
      this.reserve(text.length);
      this.pos += this.buf.write(text, this.pos, "latin1");
    }
  }
}

const body = new Writer();
const head = new Writer();
const atoms = new Map<string, number>();

/**
 * The binary form of `value`, a value JSON.parse returned, or null when it is nested deeper than
 * MAX_BINARY_DEPTH or holds a string too long for the format. The bytes are a fresh ArrayBuffer.
 */
export function encodeJsonValue(value: unknown): ArrayBuffer | null {
  return encode(value, false);
}

/**
 * The binary form of what JSON.parse(JSON.stringify(value)) gives, written from `value` itself (a
 * call's input, on the main thread), or null when `value` holds anything JSON.stringify would
 * change or drop rather than copy: undefined, functions, symbols, bigints, non-finite numbers,
 * objects other than plain objects and arrays (dates, objects with toJSON), and what
 * encodeJsonValue refuses. The caller then sends JSON.stringify's text instead.
 */
export function encodeInputValue(value: unknown): ArrayBuffer | null {
  return encode(value, true);
}

/** Set while encodeInputValue writes: JSON.stringify's rules, not JSON.parse's output. */
let fromHost = false;

function encode(value: unknown, host: boolean): ArrayBuffer | null {
  body.pos = 0;
  head.pos = 0;
  atoms.clear();
  fromHost = host;
  try {
    if (!writeValue(value, 0)) return null;
    head.byte(VERSION);
    head.leb(atoms.size);
    for (const name of atoms.keys()) head.string(name);
    const out = new ArrayBuffer(head.pos + body.pos);
    const bytes = new Uint8Array(out);
    bytes.set(head.buf.subarray(0, head.pos), 0);
    bytes.set(body.buf.subarray(0, body.pos), head.pos);
    return out;
  } finally {
    atoms.clear();
    // A payload that grew the scratch buffers past a few hundred KiB does not keep them that size.
    if (body.buf.length > 1 << 18) body.buf = Buffer.allocUnsafe(4096);
  }
}

function writeValue(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case "string":
      // The engine's string length field holds 31 bits less the width flag.
      if (value.length >= 2 ** 30) return false;
      body.byte(TAG_STRING);
      body.string(value);
      return true;
    case "number":
      // JSON.stringify writes NaN and infinities as null: left to it.
      if (fromHost && !Number.isFinite(value)) return false;
      // -0 stays -0 through JSON.parse of "-0", and becomes 0 through JSON.stringify.
      if ((value | 0) === value && (fromHost || !Object.is(value, -0))) {
        body.byte(TAG_INT32);
        // Zigzag: small negative numbers stay short.
        body.leb((value << 1) ^ (value >> 31));
      } else {
        body.byte(TAG_FLOAT64);
        body.reserve(8);
        body.pos = body.buf.writeDoubleLE(value, body.pos);
      }
      return true;
    case "boolean":
      body.byte(value ? TAG_TRUE : TAG_FALSE);
      return true;
    case "object": {
      if (value === null) {
        body.byte(TAG_NULL);
        return true;
      }
      if (depth >= MAX_BINARY_DEPTH) return false;
      if (fromHost && !plain(value)) return false;
      if (Array.isArray(value)) {
        body.byte(TAG_ARRAY);
        body.leb(value.length);
        for (let i = 0; i < value.length; i++) if (!writeValue(value[i], depth + 1)) return false;
        return true;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      body.byte(TAG_OBJECT);
      body.leb(keys.length);
      for (const key of keys) {
        writeAtom(key);
        if (!writeValue(record[key], depth + 1)) return false;
      }
      return true;
    }
    default:
      // JSON.parse never returns anything else; refuse rather than guess.
      return false;
  }
}

/** An array or plain object that JSON.stringify copies property by property, calling nothing. */
function plain(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  const expected = Array.isArray(value) ? Array.prototype : Object.prototype;
  if (proto !== expected && proto !== null) return false;
  return typeof (value as { toJSON?: unknown }).toJSON !== "function";
}

/**
 * Reads bytes this writer wrote back into a host value: for a worker whose engine build reads
 * another format, or whose engine could not read them (out of memory), to send the input as text.
 */
export function decodeJsonValue(bytes: ArrayBuffer): unknown {
  const buf = Buffer.from(bytes);
  let pos = 0;
  const leb = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = buf[pos++]!;
      value += (b & 0x7f) * 2 ** shift;
      if (b < 0x80) return value;
    }
  };
  const string = (): string => {
    const field = leb();
    const length = Math.floor(field / 2);
    const wide = field % 2 === 1;
    const end = pos + (wide ? length * 2 : length);
    const text = buf.toString(wide ? "utf16le" : "latin1", pos, end);
    pos = end;
    return text;
  };
  if (buf[pos++] !== VERSION) throw new Error("unknown binary input version");
  const names: string[] = [];
  for (let n = leb(); n > 0; n--) names.push(string());
  const value = (): unknown => {
    const tag = buf[pos++];
    switch (tag) {
      case TAG_NULL:
        return null;
      case TAG_FALSE:
        return false;
      case TAG_TRUE:
        return true;
      case TAG_INT32: {
        const zigzag = leb();
        return zigzag % 2 === 1 ? -(zigzag + 1) / 2 : zigzag / 2;
      }
      case TAG_FLOAT64: {
        const number = buf.readDoubleLE(pos);
        pos += 8;
        return number;
      }
      case TAG_STRING:
        return string();
      case TAG_ARRAY: {
        const list: unknown[] = [];
        for (let n = leb(); n > 0; n--) list.push(value());
        return list;
      }
      case TAG_OBJECT: {
        const record: Record<string, unknown> = {};
        for (let n = leb(); n > 0; n--) {
          const atom = leb();
          const key = atom % 2 === 1 ? String((atom - 1) / 2) : names[atom / 2 - 1]!;
          Object.defineProperty(record, key, {
            value: value(),
            writable: true,
            enumerable: true,
            configurable: true,
          });
        }
        return record;
      }
      default:
        throw new Error(`unknown binary input tag ${tag}`);
    }
  };
  return value();
}

function writeAtom(name: string): void {
  const first = name.charCodeAt(0);
  if (first >= 0x30 && first <= 0x39 && INDEX.test(name)) {
    const index = Number(name);
    if (index <= MAX_INT_ATOM) {
      body.leb(index * 2 + 1);
      return;
    }
  }
  let index = atoms.get(name);
  if (index === undefined) {
    index = atoms.size;
    atoms.set(name, index);
  }
  // Table entries are numbered from 1 (index 0 is the engine's null atom).
  body.leb((index + 1) << 1);
}
