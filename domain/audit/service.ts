import type { DB } from "../../db/connection.ts";
import { type Actor, requireAdmin } from "../shared/actor.ts";
import type { DomainContext } from "../shared/context.ts";
import { newId } from "../shared/ids.ts";
import type { Paged } from "../shared/pagination.ts";
import { parseQuery } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { type AuditAction, type AuditChanges, type AuditEntry, auditListQuery } from "./schemas.ts";

export type AuditRecord = {
  action: AuditAction;
  target: { type: string; id: string | null };
  /** one sentence an owner reads in the log, e.g. "Shipped order 1234567890123" */
  summary: string;
  changes?: AuditChanges | null;
};

/**
 * Records an admin action. Called by the domain function that performed it, after its own
 * permission check and inside its transaction (`db` may be that transaction), so the entry is
 * written exactly when the change is.
 */
export async function recordAudit(db: DB, actor: Actor, record: AuditRecord): Promise<void> {
  const who =
    actor.kind === "anonymous" ? { id: null, email: "system" } : { id: actor.user.id, email: actor.user.email };
  await repo.insert(db, {
    id: newId(),
    actor_id: who.id,
    actor_email: who.email,
    action: record.action,
    target_type: record.target.type,
    target_id: record.target.id,
    summary: record.summary.slice(0, 500),
    changes: record.changes && Object.keys(record.changes).length > 0 ? JSON.stringify(record.changes) : null,
    created_at: new Date().toISOString(),
  });
}

/** The fields whose values differ between `before` and `after` (only the keys `after` names). */
export function diff<T extends Record<string, unknown>>(before: T, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of Object.keys(after) as (keyof T & string)[]) {
    const from = before[key];
    const to = after[key];
    if (to !== undefined && JSON.stringify(from) !== JSON.stringify(to)) changes[key] = { from: from ?? null, to };
  }
  return changes;
}

export async function listAuditEntries(ctx: DomainContext, query: unknown): Promise<Paged<AuditEntry>> {
  requireAdmin(ctx.actor);
  const q = parseQuery(auditListQuery, query);
  const { rows, total } = await repo.list(ctx.db, q);
  return { items: rows, total };
}
