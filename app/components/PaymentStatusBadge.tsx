import { PAYMENT_STATUS_LABELS } from "../../domain/payments/labels.ts";

const tones: Record<keyof typeof PAYMENT_STATUS_LABELS, string> = {
  unpaid: "bg-ink-100 text-ink-800",
  pending: "bg-amber-100 text-amber-900",
  paid: "bg-emerald-100 text-emerald-900",
  failed: "bg-red-100 text-red-900",
  refunded: "bg-sky-100 text-sky-900",
};

export function PaymentStatusBadge({ status }: { status: keyof typeof PAYMENT_STATUS_LABELS }) {
  return (
    <span className={`inline-block rounded-full px-3 py-1 text-xs font-semibold ${tones[status]}`}>
      {PAYMENT_STATUS_LABELS[status]}
    </span>
  );
}
