import { describe, expect, it } from "vitest";
import { clientKey, ReadBudgets } from "../../server/http/read-budget.ts";

describe("ReadBudgets", () => {
  it("gives each client a burst, then one read per 1/perSecond, and says how many seconds to wait", () => {
    let now = 0;
    const budgets = new ReadBudgets({ burst: 3, perSecond: 2 }, () => now);
    expect([budgets.take("203.0.113.1"), budgets.take("203.0.113.1"), budgets.take("203.0.113.1")]).toEqual([0, 0, 0]);
    expect(budgets.take("203.0.113.1")).toBe(1);
    expect(budgets.take("203.0.113.2")).toBe(0); // another client has its own
    now += 500; // half a second: one read back
    expect(budgets.take("203.0.113.1")).toBe(0);
    expect(budgets.take("203.0.113.1")).toBe(1);
    now += 60_000; // a long pause fills the budget to its burst, no more
    expect([0, 1, 2, 3].map(() => budgets.take("203.0.113.1"))).toEqual([0, 0, 0, 1]);
  });

  it("asks a client on a slow budget to wait the whole seconds until its next read", () => {
    let now = 0;
    const budgets = new ReadBudgets({ burst: 1, perSecond: 0.2 }, () => now);
    expect(budgets.take("198.51.100.9")).toBe(0);
    expect(budgets.take("198.51.100.9")).toBe(5);
    now += 2_000;
    expect(budgets.take("198.51.100.9")).toBe(3);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as the IPv4 client", () => {
    expect(clientKey("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::7")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("203.0.113.5")).toBe("203.0.113.5");
    const budgets = new ReadBudgets({ burst: 1, perSecond: 1 }, () => 0);
    expect(budgets.take("2001:db8:1:2::1")).toBe(0);
    expect(budgets.take("2001:db8:1:2::ffff")).toBe(1); // the same subscriber's other address
    expect(budgets.take("2001:db8:1:3::1")).toBe(0);
  });
});
