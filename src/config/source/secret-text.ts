// Messages about a configuration never show what a secret file (`${file:PATH}`) holds, whichever key
// the value landed in and however a check quotes it: whole, trimmed, JSON-escaped, cut short or with
// other text around it. Each message is scanned for any stretch of a secret file's text long enough to
// identify it, which is replaced; checks need not know which of their values came from a file.

const REMOVED = "(a secret file's contents)";
/** Stretches this long are matched anywhere; a shorter secret only as a whole. */
const WINDOW = 8;
/** Shorter file contents (a port, a flag) are no secret worth garbling every message for. */
const MIN_SECRET = 4;

export type SecretTextFilter = (message: string) => string;

/** A filter removing every quoted stretch of `texts` from a message; the identity when there are none. */
export function secretTextFilter(texts: readonly string[]): SecretTextFilter {
  const windows = new Set<string>();
  const wholes: string[] = [];
  for (const raw of texts) {
    for (const text of new Set([raw, raw.trim(), JSON.stringify(raw).slice(1, -1)])) {
      if (text.length < MIN_SECRET) continue;
      if (text.length < WINDOW) wholes.push(text);
      else for (let i = 0; i + WINDOW <= text.length; i++) windows.add(text.slice(i, i + WINDOW));
    }
  }
  if (windows.size === 0 && wholes.length === 0) return (message) => message;
  return (message) => {
    const hit = new Uint8Array(message.length);
    let found = false;
    for (let i = 0; i + WINDOW <= message.length; i++) {
      if (windows.has(message.slice(i, i + WINDOW))) {
        hit.fill(1, i, i + WINDOW);
        found = true;
      }
    }
    for (const whole of wholes) {
      for (let at = message.indexOf(whole); at !== -1; at = message.indexOf(whole, at + 1)) {
        hit.fill(1, at, at + whole.length);
        found = true;
      }
    }
    if (!found) return message;
    let out = "";
    for (let i = 0; i < message.length; ) {
      if (hit[i] === 0) {
        out += message[i];
        i++;
        continue;
      }
      while (i < message.length && hit[i] === 1) i++;
      out += REMOVED;
    }
    return out;
  };
}
