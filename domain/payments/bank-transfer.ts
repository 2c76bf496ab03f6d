import { createHash } from "node:crypto";
import { z } from "zod";
import { inTransaction } from "../../db/connection.ts";
import { recordAudit } from "../audit/index.ts";
import { readSetting, writeSettingIfStill } from "../settings/index.ts";
import { requireAdmin } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError } from "../shared/errors.ts";
import { NOT_IN_ONE_LINE, textLines } from "../shared/schemas.ts";
import { parseInput } from "../shared/validation.ts";
import type { BankTransfer } from "./labels.ts";

/** The shop setting that holds the transfer instructions (JSON); absent: no bank transfer is offered. */
const SETTING = "payments.bank_transfer";

export const BANK_TRANSFER_LIMITS = { accountHolder: 100, accountNumber: 50, bankName: 100, note: 500 } as const;

const line = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .refine((v) => !NOT_IN_ONE_LINE.test(v), `${label} must be one line of plain text.`)
    .optional()
    .default("");

/**
 * The admin's form: who the account belongs to and its number (IBAN or a local account number), the
 * bank (optional) and a note (optional, several lines). All empty takes bank transfer off the checkout.
 * The reference a customer uses is always the order number, so it is not a field.
 */
export const bankTransferInput = z
  .object({
    accountHolder: line("Account holder", BANK_TRANSFER_LIMITS.accountHolder),
    accountNumber: line("IBAN or account number", BANK_TRANSFER_LIMITS.accountNumber).refine(
      (v) => v === "" || /^[A-Za-z0-9][A-Za-z0-9 ./-]*$/.test(v),
      "Use letters, digits, spaces, dots, slashes and hyphens only, e.g. DE89 3704 0044 0532 0130 00.",
    ),
    bankName: line("Bank", BANK_TRANSFER_LIMITS.bankName),
    note: textLines("Note", BANK_TRANSFER_LIMITS.note).optional().default(""),
  })
  .superRefine((v, ctx) => {
    const any = Boolean(v.accountHolder || v.accountNumber || v.bankName || v.note);
    if (!any) return;
    if (!v.accountHolder) {
      ctx.addIssue({ code: "custom", path: ["accountHolder"], message: "Account holder is required for transfers." });
    }
    if (!v.accountNumber) {
      ctx.addIssue({
        code: "custom",
        path: ["accountNumber"],
        message: "IBAN or account number is required for transfers.",
      });
    }
  });

/** A save from the settings page: the fields, and the version of the instructions the page showed. */
const bankTransferSave = bankTransferInput.and(z.object({ editedFrom: z.string().max(64).optional() }));

/** The stored instructions, or null: none set (or unreadable, which offers no transfer rather than a wrong one). */
export async function bankTransfer(ctx: DataContext): Promise<BankTransfer | null> {
  return parseStored((await readSetting(ctx, SETTING)) ?? "");
}

function parseStored(raw: string): BankTransfer | null {
  if (!raw) return null;
  try {
    // stored as BankTransfer: the optional fields are null when empty, which the form's schema reads as ""
    const stored = JSON.parse(raw) as Record<string, unknown>;
    const parsed = bankTransferInput.safeParse({ ...stored, bankName: stored.bankName ?? "", note: stored.note ?? "" });
    if (!parsed.success || !parsed.data.accountHolder) return null;
    const { accountHolder, accountNumber, bankName, note } = parsed.data;
    return { accountHolder, accountNumber, bankName: bankName || null, note: note || null };
  } catch {
    return null;
  }
}

/** A short name for the instructions as stored: the settings page sends it back with a save. */
const versionOf = (raw: string) => createHash("sha256").update(raw).digest("base64url").slice(0, 16);

/** For the admin's settings page: the instructions as set (null: none), and their version (`editedFrom`). */
export async function bankTransferForAdmin(
  ctx: DomainContext,
): Promise<{ bankTransfer: BankTransfer | null; version: string }> {
  requireAdmin(ctx.actor);
  // read once: the details shown and the version sent back are of the same stored value
  const raw = (await readSetting(ctx, SETTING)) ?? "";
  return { bankTransfer: parseStored(raw), version: versionOf(raw) };
}

const OUT_OF_DATE =
  "The bank transfer details were changed by someone else since you opened this page. Reload it to see them, then save again.";

/**
 * Sets (or, with every field empty, removes) the instructions, with an audit entry in the same
 * transaction. A save made from a page showing older instructions (`editedFrom`, the version the page
 * showed) is refused with 409 and changes nothing (decision 035); the API may leave it out. Answers what
 * is now set.
 */
export async function saveBankTransfer(ctx: DomainContext, input: unknown): Promise<BankTransfer | null> {
  requireAdmin(ctx.actor);
  const { editedFrom, ...fields } = parseInput(bankTransferSave, input);
  const next: BankTransfer | null = fields.accountHolder
    ? {
        accountHolder: fields.accountHolder,
        accountNumber: fields.accountNumber,
        bankName: fields.bankName || null,
        note: fields.note || null,
      }
    : null;
  await inTransaction(ctx.db, async (trx) => {
    const raw = (await readSetting({ db: trx }, SETTING)) ?? "";
    if (editedFrom !== undefined && editedFrom !== versionOf(raw)) throw new DomainError("conflict", OUT_OF_DATE);
    const before = parseStored(raw);
    if (!(await writeSettingIfStill({ db: trx }, SETTING, raw, next ? JSON.stringify(next) : ""))) {
      throw new DomainError("conflict", OUT_OF_DATE);
    }
    if (JSON.stringify(before) === JSON.stringify(next)) return;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ["accountHolder", "accountNumber", "bankName", "note"] as const) {
      const from = before?.[key] ?? null;
      const to = next?.[key] ?? null;
      if (from !== to) changes[key] = { from, to };
    }
    await recordAudit(trx, ctx.actor, {
      action: "settings.update",
      target: { type: "setting", id: SETTING },
      summary: next
        ? `Set the bank transfer instructions (to ${next.accountHolder}, ${next.accountNumber})`
        : "Removed the bank transfer instructions: checkout offers pay on delivery only",
      changes,
    });
  });
  return next;
}
