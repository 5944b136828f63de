// How wakes taken together ask for the main session's heartbeat.

/** `now` when any of them asks for it: one heartbeat serves them all. */
export function combinedWakeMode(
  wakes: readonly { mode: "now" | "next-heartbeat" }[],
): "now" | "next-heartbeat" {
  return wakes.some((w) => w.mode === "now") ? "now" : "next-heartbeat";
}
