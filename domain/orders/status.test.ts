import { describe, expect, it } from "vitest";
import { DomainError } from "../shared/errors.ts";
import { assertTransition, canTransition, isCancellable, ORDER_STATUSES, type OrderStatus } from "./status.ts";

/** The whole table: from → to → allowed. Staying put is not a transition. */
const expected: Record<OrderStatus, Record<OrderStatus, boolean>> = {
  Pending: { Pending: false, Shipped: true, Cancelled: true },
  Shipped: { Pending: false, Shipped: false, Cancelled: false },
  Cancelled: { Pending: false, Shipped: false, Cancelled: false },
};

const pairs = ORDER_STATUSES.flatMap((from) => ORDER_STATUSES.map((to) => [from, to] as const));

function conflictOf(from: OrderStatus, to: OrderStatus): DomainError | undefined {
  try {
    assertTransition(from, to);
    return undefined;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
}

describe("order status transitions", () => {
  it("knows exactly three statuses", () => {
    expect([...ORDER_STATUSES]).toEqual(["Pending", "Shipped", "Cancelled"]);
    expect(pairs).toHaveLength(9);
  });

  it.each(pairs)("canTransition(%s → %s) follows the table", (from, to) => {
    expect(canTransition(from, to)).toBe(expected[from][to]);
  });

  it.each(pairs)("assertTransition(%s → %s) passes exactly when allowed or unchanged", (from, to) => {
    const error = conflictOf(from, to);
    if (expected[from][to] || from === to) {
      expect(error).toBeUndefined();
    } else {
      expect(error?.code).toBe("conflict");
      expect(error?.status).toBe(409);
    }
  });

  it("explains why a shipped order cannot be cancelled", () => {
    expect(conflictOf("Shipped", "Cancelled")?.message).toBe(
      "This order has been shipped and can no longer be cancelled.",
    );
  });

  it("explains why a cancelled order cannot be shipped", () => {
    expect(conflictOf("Cancelled", "Shipped")?.message).toBe("This order was cancelled and cannot be shipped.");
  });

  it.each([
    ["Shipped", "Pending"],
    ["Cancelled", "Pending"],
  ] as const)("refuses %s → %s with a message naming both statuses", (from, to) => {
    expect(conflictOf(from, to)?.message).toBe(`An order that is ${from} cannot become ${to}.`);
  });

  it("lets only a pending order be cancelled", () => {
    expect(isCancellable("Pending")).toBe(true);
    expect(isCancellable("Shipped")).toBe(false);
    expect(isCancellable("Cancelled")).toBe(false);
  });
});
