import type { BankTransfer } from "../../domain/payments/labels.ts";
import { formatPrice } from "../../domain/shared/money.ts";

/**
 * How an order paid on delivery can be paid before it instead: the shop's account and the reference
 * to give (the order number). Shown only when the shop has set its transfer instructions.
 */
export function BankTransferInstructions({
  transfer,
  orderNumber,
  totalCents,
}: {
  transfer: BankTransfer;
  orderNumber: number;
  totalCents: number;
}) {
  const rows: [string, string][] = [
    ["Amount", formatPrice(totalCents)],
    ["Account holder", transfer.accountHolder],
    ["IBAN / account number", transfer.accountNumber],
    ...(transfer.bankName ? ([["Bank", transfer.bankName]] as [string, string][]) : []),
    ["Reference", String(orderNumber)],
  ];
  return (
    <section aria-label="Paying by bank transfer" data-testid="bank-transfer" className="mt-3">
      <p>You can pay on delivery, or before it by bank transfer:</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm">{label}</dt>
            <dd className="min-w-0 break-all font-semibold">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-sm">
        Give the reference exactly as shown, so that we can match your payment to your order.
      </p>
      {transfer.note && <p className="mt-2 whitespace-pre-line text-sm">{transfer.note}</p>}
    </section>
  );
}

/**
 * What a just-placed pay-on-delivery order says of its payment, as the order records it was offered
 * (`transferOffered`), not as the shop's setting reads now: with the shop's account when the order came with
 * one and the shop still has it (`transfer`, read for the page), else a pointer to the confirmation mail.
 */
export function PayOnDeliveryNote({
  order,
  transfer,
}: {
  order: { orderNumber: number; totalCents: number; transferOffered: boolean | null };
  transfer: BankTransfer | null;
}) {
  if (!order.transferOffered) return <p className="mt-1">You pay on delivery.</p>;
  if (!transfer) {
    return (
      <p className="mt-1">
        You can pay on delivery, or before it by bank transfer: the account is in your order confirmation mail.
      </p>
    );
  }
  return <BankTransferInstructions transfer={transfer} orderNumber={order.orderNumber} totalCents={order.totalCents} />;
}
