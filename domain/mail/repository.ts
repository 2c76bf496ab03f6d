import { sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { engineOf, toIso } from "../../db/dialect.ts";
import type { MailOutboxTable, MailStatus } from "../../db/schema.ts";

export type OutboxRow = {
  id: string;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  transport: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
};

type Row = Omit<MailOutboxTable, "claim_token">;

function toRow(r: Row): OutboxRow {
  return {
    id: r.id,
    kind: r.kind,
    to: r.to_address,
    replyTo: r.reply_to,
    subject: r.subject,
    html: r.html,
    text: r.text_body,
    messageId: r.message_id,
    status: r.status,
    attempts: Number(r.attempts),
    nextAttemptAt: toIso(r.next_attempt_at),
    lastError: r.last_error,
    transport: r.transport,
    createdAt: toIso(r.created_at),
    updatedAt: toIso(r.updated_at),
    sentAt: r.sent_at === null ? null : toIso(r.sent_at),
  };
}

const columns = [
  "id",
  "kind",
  "to_address",
  "reply_to",
  "subject",
  "html",
  "text_body",
  "message_id",
  "status",
  "attempts",
  "next_attempt_at",
  "last_error",
  "transport",
  "created_at",
  "updated_at",
  "sent_at",
] as const;

export type NewOutboxRow = {
  id: string;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  now: string;
};

export async function insert(db: DB, mail: NewOutboxRow): Promise<void> {
  await db
    .insertInto("mail_outbox")
    .values({
      id: mail.id,
      kind: mail.kind,
      to_address: mail.to,
      reply_to: mail.replyTo,
      subject: mail.subject,
      html: mail.html,
      text_body: mail.text,
      message_id: mail.messageId,
      status: "pending",
      attempts: 0,
      next_attempt_at: mail.now,
      claim_token: null,
      last_error: null,
      transport: null,
      created_at: mail.now,
      updated_at: mail.now,
      sent_at: null,
    })
    .execute();
}

/**
 * Claims up to `limit` mails that are due (pending and due, or "sending" under a lease that ran
 * out because its worker died): they become "sending" under `token` until `leaseUntil`, and their
 * attempt is counted. PostgreSQL skips rows another worker has locked; SQLite's single writer makes
 * one conditional UPDATE enough.
 */
export async function claimDue(
  db: DB,
  claim: { now: string; leaseUntil: string; token: string; limit: number },
): Promise<OutboxRow[]> {
  const set = {
    status: "sending" as const,
    claim_token: claim.token,
    next_attempt_at: claim.leaseUntil,
    attempts: sql<number>`attempts + 1`,
    updated_at: claim.now,
  };
  if (engineOf(db) === "postgres") {
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom("mail_outbox")
        .select("id")
        .where("status", "in", ["pending", "sending"])
        .where("next_attempt_at", "<=", claim.now)
        .orderBy("next_attempt_at")
        .limit(claim.limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      const rows = await trx
        .updateTable("mail_outbox")
        .set(set)
        .where(
          "id",
          "in",
          due.map((r) => r.id),
        )
        .returning(columns)
        .execute();
      return rows.map(toRow);
    });
  }
  const rows = await db
    .updateTable("mail_outbox")
    .set(set)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("mail_outbox")
        .select("id")
        .where("status", "in", ["pending", "sending"])
        .where("next_attempt_at", "<=", claim.now)
        .orderBy("next_attempt_at")
        .limit(claim.limit),
    )
    .returning(columns)
    .execute();
  return rows.map(toRow);
}

/** Records a delivery; only the worker holding the claim can (a reclaimed mail's old worker changes nothing). */
export async function markSent(
  db: DB,
  id: string,
  token: string,
  outcome: { now: string; transport: string; scrubbedBody: { html: string; text: string } | null },
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({
      status: "sent",
      sent_at: outcome.now,
      updated_at: outcome.now,
      transport: outcome.transport,
      claim_token: null,
      last_error: null,
      ...(outcome.scrubbedBody ? { html: outcome.scrubbedBody.html, text_body: outcome.scrubbedBody.text } : {}),
    })
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records a mail that was handed to no mail server (none is set up): finished, kept for admins to
 * read, never "sent". Only the worker holding the claim can.
 */
export async function markKept(
  db: DB,
  id: string,
  token: string,
  outcome: { now: string; transport: string },
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({
      status: "kept",
      sent_at: null,
      updated_at: outcome.now,
      transport: outcome.transport,
      claim_token: null,
      last_error: null,
    })
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed attempt: due again at `retryAt`, or given up (`retryAt` null → failed). */
export async function markFailedAttempt(
  db: DB,
  id: string,
  token: string,
  outcome: { now: string; error: string; retryAt: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({
      status: outcome.retryAt ? "pending" : "failed",
      next_attempt_at: outcome.retryAt ?? outcome.now,
      last_error: outcome.error,
      claim_token: null,
      updated_at: outcome.now,
    })
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .where("status", "=", "sending")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A failed mail is tried again from the start (an admin's "retry now"). */
export async function requeueFailed(db: DB, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ status: "pending", attempts: 0, next_attempt_at: now, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function find(db: DB, id: string): Promise<OutboxRow | undefined> {
  const row = await db.selectFrom("mail_outbox").select(columns).where("id", "=", id).executeTakeFirst();
  return row ? toRow(row) : undefined;
}

export async function list(
  db: DB,
  filter: { status?: MailStatus; to?: string; limit: number; offset: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  let base = db.selectFrom("mail_outbox");
  if (filter.status) base = base.where("status", "=", filter.status);
  if (filter.to) base = base.where("to_address", "=", filter.to);
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await base
    .select(columns)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows: rows.map(toRow), total: Number(n) };
}

export async function countByStatus(db: DB): Promise<Record<MailStatus, number>> {
  const rows = await db
    .selectFrom("mail_outbox")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<MailStatus, number> = { pending: 0, sending: 0, sent: 0, failed: 0, kept: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** Deletes finished mails (sent, failed, kept) last changed before `before`. */
export async function deleteFinishedBefore(db: DB, before: string): Promise<number> {
  const result = await db
    .deleteFrom("mail_outbox")
    .where("status", "in", ["sent", "failed", "kept"])
    .where("updated_at", "<", before)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
