import * as accounts from "../accounts/index.ts";
import * as orders from "../orders/index.ts";
import { requireAdmin } from "../shared/actor.ts";
import type { DomainContext } from "../shared/context.ts";
import type { Page, Paged } from "../shared/pagination.ts";

export type CustomerRow = accounts.AccountSummary & {
  /** every order the account placed, whatever its state */
  orderCount: number;
  /** what its sales add up to (the orders module's one rule: not cancelled, and paid or pay on delivery) */
  totalSpentCents: number;
};

export type CustomerDetail = { customer: CustomerRow; orders: Paged<orders.Order> };

async function withTotals(ctx: DomainContext, rows: accounts.AccountSummary[]): Promise<CustomerRow[]> {
  const totals = await orders.customerTotals(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...r,
    orderCount: totals.get(r.id)?.orders ?? 0,
    totalSpentCents: totals.get(r.id)?.spentCents ?? 0,
  }));
}

/** Accounts by email or name (`q`), newest first, each with its order count and total spent: admins only. */
export async function listCustomers(ctx: DomainContext, query: unknown): Promise<Paged<CustomerRow>> {
  requireAdmin(ctx.actor);
  const { items, total } = await accounts.searchAccounts(ctx, query);
  return { items: await withTotals(ctx, items), total };
}

/** One customer with a page of their orders, newest first. */
export async function getCustomer(ctx: DomainContext, id: string, page: Page): Promise<CustomerDetail> {
  requireAdmin(ctx.actor);
  const account = await accounts.getAccountById(ctx, id);
  const [customer] = await withTotals(ctx, [account]);
  return { customer: customer as CustomerRow, orders: await orders.listCustomerOrders(ctx, id, page) };
}

export const disableCustomer = (ctx: DomainContext, id: string) => accounts.setAccountDisabled(ctx, id, true);
export const enableCustomer = (ctx: DomainContext, id: string) => accounts.setAccountDisabled(ctx, id, false);
