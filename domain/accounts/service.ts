import { inTransaction } from "../../db/connection.ts";
import { recordAudit } from "../audit/index.ts";
import { requireAdmin, requireSelfOrAdmin, requireUser, sameEmail } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import { isWellFormedEmail } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { makeAdminInput, profileInput } from "./schemas.ts";

export type Account = { email: string; displayName: string; admin: boolean };

/** The id of the account with this email, if there is one. */
export async function findUserId(ctx: DataContext, email: string): Promise<string | undefined> {
  if (!isWellFormedEmail(email)) return undefined;
  return (await repo.findByEmail(ctx.db, email))?.id;
}

/** Whether the account with this email is an admin; only for that user or an admin. */
export async function getAccount(ctx: DomainContext, email: string): Promise<Account> {
  requireSelfOrAdmin(ctx.actor, email);
  if (!isWellFormedEmail(email)) throw notFound("User");
  const row = await repo.findByEmail(ctx.db, email);
  if (!row) throw notFound("User");
  return { email: row.email, displayName: row.name, admin: row.role === "admin" };
}

/** Admins promote another account. An unknown email is an error, never a false success. */
export async function makeAdmin(
  ctx: DomainContext,
  input: unknown,
): Promise<{ matchedCount: number; modifiedCount: number }> {
  requireAdmin(ctx.actor);
  const { email } = parseInput(makeAdminInput, input);
  const row = await repo.findByEmail(ctx.db, email);
  if (!row) {
    throw new DomainError("not_found", `There is no account with the email ${email}.`, {
      email: "No account uses this email.",
    });
  }
  if (row.role === "admin") return { matchedCount: 1, modifiedCount: 0 };
  await inTransaction(ctx.db, async (trx) => {
    await repo.setRole(trx, row.id, "admin");
    await recordAudit(trx, ctx.actor, {
      action: "user.promote",
      target: { type: "user", id: row.id },
      summary: `Made ${email} an admin`,
      changes: { role: { from: row.role, to: "admin" } },
    });
  });
  return { matchedCount: 1, modifiedCount: 1 };
}

/** A signed-in user sets their own display name. */
export async function updateProfile(
  ctx: DomainContext,
  input: unknown,
): Promise<{ matchedCount: number; modifiedCount: number }> {
  const user = requireUser(ctx.actor);
  const fields = parseInput(profileInput, input);
  if (!sameEmail(fields.email, user.email)) throw new DomainError("forbidden", "You can only change your own account.");
  if (fields.displayName === user.name) return { matchedCount: 1, modifiedCount: 0 };
  await repo.setName(ctx.db, user.id, fields.displayName);
  return { matchedCount: 1, modifiedCount: 1 };
}

// ── operations the shop itself runs (at start-up), with no actor ──

export const findSignInState = (ctx: DataContext, email: string) => repo.findSignInState(ctx.db, email);
export const setRole = (ctx: DataContext, userId: string, role: "admin" | "user") => repo.setRole(ctx.db, userId, role);
export const makeVerifiedAdmin = (ctx: DataContext, userId: string) => repo.setAdminAndVerified(ctx.db, userId);
export const markEmailVerified = (ctx: DataContext, userId: string) => repo.setVerified(ctx.db, userId);
export const lockAccounts = (ctx: DataContext, userIds: string[], reason: string) => repo.lock(ctx.db, userIds, reason);
export const unlockAccount = (ctx: DataContext, userId: string) => repo.unlock(ctx.db, userId);

/** The password becomes the account's only way in: sessions and other sign-in methods are removed. */
export const replaceCredentials = (ctx: DataContext, userId: string, passwordHash: string) =>
  repo.replaceCredentials(ctx.db, userId, passwordHash, newId());
