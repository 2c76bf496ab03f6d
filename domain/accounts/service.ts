import { inTransaction } from "../../db/connection.ts";
import { recordAudit } from "../audit/index.ts";
import { isOwnerEmail, requireAdmin, requireSelfOrAdmin, requireUser, sameEmail } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import { newId } from "../shared/ids.ts";
import type { Paged } from "../shared/pagination.ts";
import { isWellFormedEmail, isWellFormedId } from "../shared/schemas.ts";
import { parseInput, parseQuery } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { accountSearchQuery, makeAdminInput, profileInput } from "./schemas.ts";

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
  // whoever registered an address first need not own it: only a confirmed address is made admin
  if (!row.emailVerified) {
    throw new DomainError("conflict", `${email} has not confirmed its address yet.`, {
      email: "This account has not confirmed its email address yet: ask them to open the link we mailed them.",
    });
  }
  if (row.banned) {
    throw new DomainError("conflict", `${email} is disabled.`, {
      email: "This account is disabled: enable it on its customer page first.",
    });
  }
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

// ── the admin's customer desk ──

export type AccountSummary = repo.AccountSummaryRow;

/** The reason kept on an account an admin disabled (the sign-in page says "suspended"). */
export const DISABLED_BY_ADMIN = "Disabled by an admin";

/** Accounts by email or name (`q`), newest first: admins only. */
export async function searchAccounts(ctx: DomainContext, query: unknown): Promise<Paged<AccountSummary>> {
  requireAdmin(ctx.actor);
  const q = parseQuery(accountSearchQuery, query);
  const { rows, total } = await repo.search(ctx.db, q);
  return { items: rows, total };
}

/** One account, for an admin. */
export async function getAccountById(ctx: DomainContext, id: string): Promise<AccountSummary> {
  requireAdmin(ctx.actor);
  const row = isWellFormedId(id) ? await repo.findById(ctx.db, id) : undefined;
  if (!row) throw notFound("Customer");
  return row;
}

/** An account's name, email and state by id, for a module that has checked the actor (orders). */
export const accountSummary = (ctx: DataContext, id: string) => repo.findById(ctx.db, id);

/**
 * Admins are peers, except that the shop's owner (SHOP_ADMIN_EMAIL) is above them: so that one admin
 * cannot lock the others out, only the owner disables an admin's account, and nobody disables the owner's;
 * and so that an admin the owner disabled stays disabled, only the owner enables an admin's account again.
 */
function assertMayChangeAdmin(
  ownerEmail: string | null,
  actorEmail: string,
  targetEmail: string,
  disabled: boolean,
): void {
  const isOwner = (email: string) => isOwnerEmail(ownerEmail, email);
  if (disabled && isOwner(targetEmail)) {
    throw new DomainError("forbidden", "The shop owner's account cannot be disabled.");
  }
  if (!isOwner(actorEmail)) {
    throw new DomainError(
      "forbidden",
      `Only the shop owner (the account SHOP_ADMIN_EMAIL names) can ${disabled ? "disable" : "enable"} another admin's account.`,
    );
  }
}

/**
 * An admin disables an account: it can no longer sign in (Better Auth refuses a banned user) and its
 * sessions end at once, so a cookie or bearer token it holds stops working. Enabling lets it sign in
 * again. An admin cannot disable their own account, nor disable or enable another admin's unless they own
 * the shop (`assertMayChangeAdmin`). Answers whether anything changed.
 */
export async function setAccountDisabled(
  ctx: DomainContext,
  id: string,
  disabled: boolean,
): Promise<{ modifiedCount: number; account: AccountSummary }> {
  const me = requireAdmin(ctx.actor);
  const account = await getAccountById(ctx, id);
  if (disabled && account.id === me.id) {
    throw new DomainError("conflict", "You cannot disable your own account.");
  }
  if (account.role === "admin" && account.id !== me.id) {
    assertMayChangeAdmin(ctx.shop.ownerEmail, me.email, account.email, disabled);
  }
  if (account.disabled === disabled) return { modifiedCount: 0, account };
  await inTransaction(ctx.db, async (trx) => {
    if (disabled) await repo.lock(trx, [account.id], DISABLED_BY_ADMIN);
    else await repo.unlock(trx, account.id);
    await recordAudit(trx, ctx.actor, {
      action: disabled ? "user.disable" : "user.enable",
      target: { type: "user", id: account.id },
      summary: `${disabled ? "Disabled" : "Enabled"} the account of ${account.email}`,
      changes: { disabled: { from: account.disabled, to: disabled } },
    });
  });
  return {
    modifiedCount: 1,
    account: { ...account, disabled, disabledReason: disabled ? DISABLED_BY_ADMIN : null },
  };
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
