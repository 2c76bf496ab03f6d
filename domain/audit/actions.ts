/** The audit log's vocabulary, without zod: pages read it in the browser too. */
/** Every kind of admin action the log records, `<what>.<verb>`. */
export const AUDIT_ACTIONS = [
  "order.ship",
  "order.status",
  "order.delete",
  "order.paid",
  "user.promote",
  "user.disable",
  "user.enable",
  "product.create",
  "product.update",
  "product.delete",
  "product.import",
  "inventory.adjust",
  "review.delete",
  "mail.retry",
  "help.update",
  "settings.update",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What changed: `{ field: { from, to } }`, or a list of notes for actions that are not edits. */
export type AuditChanges = Record<string, { from: unknown; to: unknown }>;

export type AuditEntry = {
  id: string;
  actor: { id: string | null; email: string };
  action: AuditAction;
  target: { type: string; id: string | null };
  summary: string;
  changes: AuditChanges | null;
  createdAt: string;
};
