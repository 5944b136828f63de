// The one test for "a JSON object": configuration, payloads and rule expressions arrive as unknown, and
// arrays and null are objects to typeof.

/** A non-null object that is not an array (what JSON calls an object). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
