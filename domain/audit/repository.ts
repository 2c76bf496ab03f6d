import type { DB } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";
import type { AuditEntryTable } from "../../db/schema.ts";
import type { AuditAction, AuditEntry, AuditListQuery } from "./schemas.ts";

export async function insert(db: DB, row: AuditEntryTable): Promise<void> {
  await db.insertInto("audit_entry").values(row).execute();
}

function toEntry(r: AuditEntryTable): AuditEntry {
  return {
    id: r.id,
    actor: { id: r.actor_id, email: r.actor_email },
    action: r.action as AuditAction,
    target: { type: r.target_type, id: r.target_id },
    summary: r.summary,
    changes: r.changes ? JSON.parse(r.changes) : null,
    createdAt: toIso(r.created_at),
  };
}

export async function list(db: DB, q: AuditListQuery): Promise<{ rows: AuditEntry[]; total: number }> {
  let base = db.selectFrom("audit_entry");
  if (q.action) base = base.where("action", "=", q.action);
  if (q.target_type) base = base.where("target_type", "=", q.target_type);
  if (q.target_id) base = base.where("target_id", "=", q.target_id);
  if (q.actor) base = base.where("actor_email", "=", q.actor);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { rows: rows.map(toEntry), total: Number(n) };
}
