import { z } from "zod";
import { inTransaction } from "../../db/connection.ts";
import { recordAudit } from "../audit/index.ts";
import { readSetting, writeSetting } from "../settings/index.ts";
import { requireAdmin } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { NOT_IN_LINES, NOT_IN_ONE_LINE } from "../shared/schemas.ts";
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
    note: z
      .string()
      .optional()
      .default("")
      .transform((v) => v.replace(/\r\n?/g, "\n").trim())
      .pipe(
        z
          .string()
          .max(BANK_TRANSFER_LIMITS.note, `Note must be at most ${BANK_TRANSFER_LIMITS.note} characters.`)
          .refine((v) => !NOT_IN_LINES.test(v), "Note contains a character that is not allowed."),
      ),
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

/** The stored instructions, or null: none set (or unreadable, which offers no transfer rather than a wrong one). */
export async function bankTransfer(ctx: DataContext): Promise<BankTransfer | null> {
  const raw = await readSetting(ctx, SETTING);
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

/** For the admin's settings page: the instructions as set (null: none). */
export async function bankTransferForAdmin(ctx: DomainContext): Promise<BankTransfer | null> {
  requireAdmin(ctx.actor);
  return bankTransfer(ctx);
}

/**
 * Sets (or, with every field empty, removes) the instructions, with an audit entry in the same
 * transaction. Answers what is now set.
 */
export async function saveBankTransfer(ctx: DomainContext, input: unknown): Promise<BankTransfer | null> {
  requireAdmin(ctx.actor);
  const fields = parseInput(bankTransferInput, input);
  const next: BankTransfer | null = fields.accountHolder
    ? {
        accountHolder: fields.accountHolder,
        accountNumber: fields.accountNumber,
        bankName: fields.bankName || null,
        note: fields.note || null,
      }
    : null;
  await inTransaction(ctx.db, async (trx) => {
    const before = await bankTransfer({ db: trx });
    await writeSetting({ db: trx }, SETTING, next ? JSON.stringify(next) : "");
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
