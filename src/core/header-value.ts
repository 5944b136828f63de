// A secret a request presents in a header (the hook token, a verify's shared token or password) must be
// text a header can carry. A line break or another control character inside it (a secret file swapped
// for a multi-line one, a key pasted with its line breaks) makes a secret no sender can ever present:
// refused at load, without quoting it. A tab may stand inside a header value, so it passes.

export const HEADER_CANNOT_CARRY =
  "holds a line break or another control character, which no HTTP header can carry, so no sender could present it; check the variable or secret file it comes from";

/** Whether `value` holds a character no header value may (C0 controls but tab, and DEL). */
export function headerCannotCarry(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if ((c < 0x20 && c !== 0x09) || c === 0x7f) return true;
  }
  return false;
}
