// How a run's parts read on the terminal, for `hookgate runs show` and `hookgate requests --delivery`.
import { formatTime } from "../core/time-text.js";
import type { DeliveryState, RunRecord } from "../store/types.js";

/** What happened to a run's reply: the delivery's status, target, message ids, attempts and reason. */
export function deliveryText(run: RunRecord): string {
  const d: DeliveryState | undefined = run.delivery;
  if (!d) return run.deliver ? "not attempted yet" : "not requested (deliver: false)";
  const target = [d.channel ?? run.channel, d.to ?? run.to].filter(Boolean).join(" ");
  const parts = [`${d.status}${target ? ` — ${target}` : ""}`];
  if (d.messageIds?.length) parts.push(`message ids ${d.messageIds.join(", ")}`);
  if (d.attempts !== undefined) parts.push(`${d.attempts} attempt${d.attempts === 1 ? "" : "s"}`);
  if (d.reason) parts.push(d.reason);
  parts.push(`at ${formatTime(d.updatedAt)}`);
  return parts.join("; ");
}
