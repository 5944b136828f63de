// A reply that only acknowledges a heartbeat (the ack token, maybe with punctuation or Markdown around
// it) says nothing to a person and is not delivered.

export function isAckOnly(text: string, ackToken: string): boolean {
  if (ackToken === "" || !text.includes(ackToken)) return false;
  const rest = text.split(ackToken).join("");
  return !/[\p{L}\p{N}]/u.test(rest);
}
