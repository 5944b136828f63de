// OpenClaw writes its configuration in JSON5: JSON plus comments, trailing commas, unquoted keys,
// single-quoted strings and hex numbers. Apart from the comments all of that is YAML flow syntax, so
// a JSON5 file is read by the YAML parser (which keeps positions for messages) once its comments are
// blanked out. Blanking keeps every other character, and line breaks, where they were.

/** `text` with `// ...` and `/* ... *\/` comments outside strings replaced by spaces. */
export function blankComments(text: string): string {
  const out: string[] = [];
  let quote = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quote !== "") {
      out.push(c);
      if (c === "\\" && i + 1 < text.length) {
        out.push(text[i + 1]!);
        i += 2;
        continue;
      }
      if (c === quote) quote = "";
      i++;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      out.push(c);
      i++;
      continue;
    }
    if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n" && text[i] !== "\r") {
        out.push(" ");
        i++;
      }
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (; i < stop; i++) out.push(text[i] === "\n" || text[i] === "\r" ? text[i]! : " ");
      continue;
    }
    out.push(c);
    i++;
  }
  return out.join("");
}
