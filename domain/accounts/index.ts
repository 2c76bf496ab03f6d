import { z } from "zod";
import type { DB } from "../../db/connection.ts";
import { DomainError, notFound } from "../errors.ts";
import { type Actor, requireAdmin, requireSelfOrAdmin, requireUser, sameEmail } from "../shared/actor.ts";
import { emailSchema, isWellFormedEmail, requiredText } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";

type Deps = { db: DB };

export const makeAdminInput = z.object({ email: emailSchema });
export const profileInput = z.object({ email: emailSchema, displayName: requiredText("Display name", 80) });

export type Account = { email: string; displayName: string; admin: boolean };

async function findByEmail(db: DB, email: string) {
  return db.selectFrom("user").select(["id", "email", "name", "role"]).where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
}

/** GET /api/users/{email}: whether that account is an admin; only for that user or an admin. */
export async function getAccount(deps: Deps, actor: Actor, email: string): Promise<Account> {
  requireSelfOrAdmin(actor, email);
  if (!isWellFormedEmail(email)) throw notFound("User");
  const row = await findByEmail(deps.db, email);
  if (!row) throw notFound("User");
  return { email: row.email, displayName: row.name, admin: row.role === "admin" };
}

/** Admins promote another account. An unknown email is an error, never a false success. */
export async function makeAdmin(deps: Deps, actor: Actor, input: unknown): Promise<{ matchedCount: number; modifiedCount: number }> {
  requireAdmin(actor);
  const { email } = parseInput(makeAdminInput, input);
  const row = await findByEmail(deps.db, email);
  if (!row) throw new DomainError("not_found", `There is no account with the email ${email}.`, { email: "No account uses this email." });
  if (row.role === "admin") return { matchedCount: 1, modifiedCount: 0 };
  await deps.db.updateTable("user").set({ role: "admin", updatedAt: new Date().toISOString() }).where("id", "=", row.id).execute();
  return { matchedCount: 1, modifiedCount: 1 };
}

/** POST/PUT /api/users: a signed-in user sets their own display name (the spec's "sync"). */
export async function updateProfile(deps: Deps, actor: Actor, input: unknown): Promise<{ matchedCount: number; modifiedCount: number }> {
  const user = requireUser(actor);
  const fields = parseInput(profileInput, input);
  if (!sameEmail(fields.email, user.email)) throw new DomainError("forbidden", "You can only change your own account.");
  if (fields.displayName === user.name) return { matchedCount: 1, modifiedCount: 0 };
  await deps.db.updateTable("user").set({ name: fields.displayName, updatedAt: new Date().toISOString() }).where("id", "=", user.id).execute();
  return { matchedCount: 1, modifiedCount: 1 };
}

export async function setRole(db: DB, email: string, role: "admin" | "user"): Promise<void> {
  await db.updateTable("user").set({ role, updatedAt: new Date().toISOString() }).where("email", "=", email.trim().toLowerCase()).execute();
}


/** The shop's password rule, shown beside the field: long enough, and not only letters or only digits. */
export const passwordSchema = z
  .string({ error: "Choose a password." })
  .min(8, "Use at least 8 characters.")
  .max(128, "Use at most 128 characters.")
  .refine((p) => /[A-Za-z]/.test(p) && /[^A-Za-z]/.test(p), "Mix letters with numbers or symbols.")
  .refine((p) => !/^(.)\1+$/.test(p) && !/^(password|12345678|qwerty)/i.test(p), "This password is too easy to guess.");

/** The Sign Up form. The two passwords must match (the old shop silently ignored a mismatch). */
export const registrationInput = z
  .object({
    name: requiredText("Your name", 80),
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Type the password again." }).min(1, "Type the password again."),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." });

export const signInInput = z.object({
  email: emailSchema,
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password."),
});
