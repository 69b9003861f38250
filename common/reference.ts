/**
 * A ledger row's short reference, for people: what a receipt, the success screen and a
 * statement show instead of the 36-character id. The tail of a UUIDv7 is random (its head is
 * the clock), so eight of its hex digits tell a shop's rows apart; the full id stays on the wire.
 */
export function shortReference(id: string): string {
  const tail = id.replaceAll('-', '').slice(-8).toUpperCase();
  return `${tail.slice(0, 4)}-${tail.slice(4)}`;
}
