// Removes channel credentials from any text that may reach a log line or a stored error: Telegram's
// token rides in the URL path, BlueBubbles' password in the query string, Teams' signature in its URL.

const MASK = "[redacted]";

/** Secrets shorter than this would mask ordinary text; no real token or password is that short. */
const MIN_SECRET_LENGTH = 4;

export function makeRedactor(secrets: readonly string[]): (text: string) => string {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    // As it appears once placed in a URL.
    forms.add(encodeURIComponent(secret));
  }
  // Longest first, so a secret that contains another is masked whole.
  const ordered = [...forms].sort((a, b) => b.length - a.length);
  return (text) => {
    let out = text;
    for (const form of ordered) out = out.split(form).join(MASK);
    return out;
  };
}
