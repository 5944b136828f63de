// Recognises replies that only acknowledge (the heartbeat ack token, e.g. "HEARTBEAT_OK."): they are
// recorded but never delivered to a chat.
const EDGES = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

function core(text: string): string {
  return text.replace(EDGES, "").toLowerCase();
}

/** true when `reply` is the ack token with nothing but whitespace, punctuation or markup around it. */
export function isAckOnly(reply: string, ackToken: string): boolean {
  const token = core(ackToken);
  return token.length > 0 && core(reply) === token;
}
