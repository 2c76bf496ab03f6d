import { sql } from "kysely";
import { type DB, inTransaction } from "../../db/connection.ts";
import { toIso } from "../../db/dialect.ts";

export type AccountRow = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  emailVerified: boolean;
  banned: boolean;
};

export async function findByEmail(db: DB, email: string): Promise<AccountRow | undefined> {
  const row = await db
    .selectFrom("user")
    .select(["id", "email", "name", "role", "emailVerified", "banned"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row
    ? {
        ...row,
        emailVerified: row.emailVerified === true || Number(row.emailVerified) === 1,
        banned: row.banned === true || Number(row.banned) === 1,
      }
    : undefined;
}

export async function setRole(db: DB, userId: string, role: "admin" | "user"): Promise<void> {
  await db.updateTable("user").set({ role, updatedAt: new Date().toISOString() }).where("id", "=", userId).execute();
}

export async function setName(db: DB, userId: string, name: string): Promise<void> {
  await db.updateTable("user").set({ name, updatedAt: new Date().toISOString() }).where("id", "=", userId).execute();
}

export type SignInState = { id: string; role: string | null; banned: boolean; banReason: string | null };

export async function findSignInState(db: DB, email: string): Promise<SignInState | undefined> {
  const row = await db
    .selectFrom("user")
    .select(["id", "role", "banned", "banReason"])
    .where("email", "=", email.trim().toLowerCase())
    .executeTakeFirst();
  return row
    ? { id: row.id, role: row.role, banned: row.banned === true || row.banned === 1, banReason: row.banReason }
    : undefined;
}

/**
 * Makes `passwordHash` the account's only way in: its sessions end, other sign-in methods go, and
 * the password is set (or created), all at once.
 */
export async function replaceCredentials(db: DB, userId: string, passwordHash: string, id: string): Promise<void> {
  const now = new Date().toISOString();
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("account").where("userId", "=", userId).where("providerId", "!=", "credential").execute();
    const updated = await trx
      .updateTable("account")
      .set({ password: passwordHash, updatedAt: now })
      .where("userId", "=", userId)
      .where("providerId", "=", "credential")
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) {
      await trx
        .insertInto("account")
        .values({
          id,
          accountId: userId,
          providerId: "credential",
          userId,
          password: passwordHash,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
    }
  });
}

export async function setVerified(db: DB, userId: string): Promise<void> {
  await db
    .updateTable("user")
    .set({ emailVerified: true, updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}

export async function setAdminAndVerified(db: DB, userId: string): Promise<void> {
  await db
    .updateTable("user")
    .set({
      role: "admin",
      emailVerified: true,
      banned: false,
      banReason: null,
      banExpires: null,
      updatedAt: new Date().toISOString(),
    })
    .where("id", "=", userId)
    .execute();
}

/** Locks accounts (they cannot sign in) and ends their sessions. */
export async function lock(db: DB, userIds: string[], reason: string): Promise<void> {
  if (userIds.length === 0) return;
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable("user")
      .set({ banned: true, banReason: reason, updatedAt: new Date().toISOString() })
      .where("id", "in", userIds)
      .execute();
    await trx.deleteFrom("session").where("userId", "in", userIds).execute();
  });
}

export async function unlock(db: DB, userId: string): Promise<void> {
  await db
    .updateTable("user")
    .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date().toISOString() })
    .where("id", "=", userId)
    .execute();
}

export type AccountSummaryRow = {
  id: string;
  email: string;
  name: string;
  role: string | null;
  disabled: boolean;
  disabledReason: string | null;
  createdAt: string;
};

const summaryColumns = ["id", "email", "name", "role", "banned", "banReason", "createdAt"] as const;
const toSummary = (r: {
  id: string;
  email: string;
  name: string;
  role: string | null;
  banned: boolean | number | null;
  banReason: string | null;
  createdAt: string | Date;
}): AccountSummaryRow => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  disabled: r.banned === true || r.banned === 1,
  disabledReason: r.banReason,
  createdAt: toIso(r.createdAt),
});

export async function findById(db: DB, id: string): Promise<AccountSummaryRow | undefined> {
  const row = await db.selectFrom("user").select(summaryColumns).where("id", "=", id).executeTakeFirst();
  return row ? toSummary(row) : undefined;
}

/** Accounts whose email or name holds `q` (any case), newest first. */
export async function search(
  db: DB,
  filter: { q?: string; limit: number; offset: number },
): Promise<{ rows: AccountSummaryRow[]; total: number }> {
  let base = db.selectFrom("user");
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb(sql`lower(email)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    );
  }
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  const rows = await base
    .select(summaryColumns)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  return { rows: rows.map(toSummary), total: Number(n) };
}
