// Whether a mapping's templated session keys can ever pass hooks.allowedSessionKeyPrefixes. A literal
// key is checked exactly when the config loads (config/check/mapping-policy.ts); a template is only
// known per request, but the text every non-empty rendering starts with often is known at load:
// `hook:gmail:{{id}}`, or `{{#if id}}hook:gmail:{{id}}{{/if}}` (empty when there is no id: then the
// run gets a generated key). When no allowed prefix can start a key beginning with that text, every
// run of the mapping would be refused, which `hookgate validate` should say before a sender finds out.

/**
 * The literal text every non-empty rendering of the template starts with ("" when unknown). Only
 * shapes whose start is certain are read: leading text, or one `{{#if …}}` around the whole template
 * with no `{{else}}` inside.
 */
export function certainKeyStart(template: string): string {
  const text = template.trim();
  const wrapped = /^\{\{#if [^}]*\}\}([\s\S]*)\{\{\/if\}\}$/.exec(text);
  if (wrapped) {
    const inner = wrapped[1]!;
    // A nested or chained block could make the start depend on the payload.
    if (/\{\{\s*(else|\^|#|\/)/.test(inner)) return "";
    return leadingText(inner.trim());
  }
  return leadingText(text);
}

function leadingText(text: string): string {
  const at = text.indexOf("{{");
  // Rendering trims, so leading spaces are not part of the key.
  return (at === -1 ? text : text.slice(0, at)).trimStart();
}

/** Whether some key starting with `start` can start with one of the (lower-cased) prefixes. */
export function canReachPrefix(start: string, prefixes: readonly string[]): boolean {
  const lower = start.toLowerCase();
  return prefixes.some((p) => lower.startsWith(p) || p.startsWith(lower));
}
