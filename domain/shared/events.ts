/**
 * What the shop's rules report once it has happened, to whoever listens (the server counts it for
 * its metrics). Listeners must not throw; a replayed request (the same order form twice) reports nothing.
 */
export type DomainEvents = {
  orderPlaced?: (order: { totalCents: number }) => void;
};
