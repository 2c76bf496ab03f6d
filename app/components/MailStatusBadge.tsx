import { MAIL_STATUS_LABELS } from "../../domain/mail/labels.ts";

const tones: Record<string, string> = {
  pending: "bg-amber-100 text-amber-900",
  kept: "bg-ink-100 text-ink-900",
  sending: "bg-sky-100 text-sky-900",
  sent: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
};

const labels: Record<string, string> = MAIL_STATUS_LABELS;

export function MailStatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${tones[status] ?? ""}`}>
      {labels[status] ?? status}
    </span>
  );
}

export const MAIL_KIND_LABELS: Record<string, string> = {
  "password-reset": "Password reset",
  "email-verification": "Address confirmation",
  "order-confirmation": "Order confirmation",
  "order-shipped": "Order shipped",
  "order-cancelled": "Order cancelled",
  "contact-receipt": "Contact message",
  "contact-acknowledgement": "Contact acknowledgement",
};
