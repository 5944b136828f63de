// Transform for rules/examples/stripe.yaml: names the hook with the amount in major units
// ("Stripe 12.34 EUR") and turns test-mode events into a wake for the next heartbeat.
// Runs in hookgate's sandbox: plain data in, a partial action (or null to skip) out; no I/O.

// Currencies Stripe counts in whole units (https://docs.stripe.com/currencies#zero-decimal).
const zeroDecimal = new Set("bif clp djf gnf jpy kmf krw mga pyg rwf ugx vnd vuv xaf xof xpf".split(" "));

function formatAmount(minor, currency) {
  const code = String(currency || "").toLowerCase();
  const major = zeroDecimal.has(code) ? minor : minor / 100;
  return `${major.toFixed(zeroDecimal.has(code) ? 0 : 2)} ${code.toUpperCase()}`;
}

export default function transform({ payload }) {
  const object = payload?.data?.object ?? {};
  const minor = object.amount_due ?? object.amount ?? object.amount_total;
  // Test-mode events are not worth an agent run: note them for the heartbeat instead.
  if (payload?.livemode === false) {
    return {
      kind: "wake",
      text: `Stripe test event ${payload.type} (${payload.id}).`,
      mode: "next-heartbeat",
    };
  }
  if (typeof minor !== "number") return {};
  return { name: `Stripe ${formatAmount(minor, object.currency)}` };
}
