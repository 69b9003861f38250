/**
 * A fresh Idempotency-Key for one attempt at a money call (a payment, a refund): a retry of
 * the same attempt sends the same key. crypto.randomUUID exists only in secure contexts, so a
 * phone on plain http (a LAN address in development) gets random hex instead.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
