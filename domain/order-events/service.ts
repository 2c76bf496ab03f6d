import type { DB } from "../../db/connection.ts";
import type { Actor } from "../shared/actor.ts";
import { newSortableId } from "../shared/ids.ts";
import * as repo from "./repository.ts";

export type OrderEventField = "status" | "payment";

/** Who changed the order: its customer, an admin, the payment provider, or the shop itself. */
export type OrderEventActor = {
  kind: "customer" | "admin" | "provider" | "system";
  id: string | null;
  /** the person's email, or the provider's name ("stripe") */
  email: string | null;
};

export type OrderEvent = {
  id: string;
  orderId: string;
  field: OrderEventField;
  /** null for the first value (the order was placed) */
  from: string | null;
  to: string;
  actor: OrderEventActor;
  note: string | null;
  at: string;
};

/** The history's "who" for a request's actor. */
export function actorOf(actor: Actor): OrderEventActor {
  if (actor.kind === "anonymous") return { kind: "system", id: null, email: null };
  return { kind: actor.kind, id: actor.user.id, email: actor.user.email };
}

/**
 * Adds one change to an order's history. Called inside the transaction that makes the change (`db`
 * is that transaction), so the history holds a change exactly when the order does.
 */
export async function recordOrderEvent(
  db: DB,
  event: {
    orderId: string;
    field: OrderEventField;
    from: string | null;
    to: string;
    actor: OrderEventActor;
    note?: string;
  },
): Promise<void> {
  await repo.insert(db, {
    id: newSortableId(),
    order_id: event.orderId,
    field: event.field,
    from_value: event.from,
    to_value: event.to,
    actor_kind: event.actor.kind,
    actor_id: event.actor.id,
    actor_email: event.actor.email,
    note: event.note?.slice(0, 500) ?? null,
    created_at: new Date().toISOString(),
  });
}

/** An order's history, oldest first (the caller has checked who may read the order). */
export async function listOrderEvents(db: DB, orderId: string): Promise<OrderEvent[]> {
  const rows = await repo.listFor(db, orderId);
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    field: r.field as OrderEventField,
    from: r.from_value,
    to: r.to_value,
    actor: { kind: r.actor_kind as OrderEventActor["kind"], id: r.actor_id, email: r.actor_email },
    note: r.note,
    at: r.created_at,
  }));
}

/** With erased orders, their history goes too. */
export const deleteOrderEvents = (db: DB, orderIds: string[] | "all") => repo.deleteFor(db, orderIds);
