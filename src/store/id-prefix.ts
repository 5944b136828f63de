// Looking runs up by the start of their id as a range on the id index: in code point order (SQLite's
// binary collation, PostgreSQL's "C"), every id starting with P lies in [P, afterPrefix(P)).

/** The least string above every string that starts with `prefix`, if there is one. */
export function afterPrefix(prefix: string): string | undefined {
  const points = [...prefix];
  while (points.length > 0) {
    const last = points.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) return points.join("") + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1);
  }
  return undefined;
}
