/**
 * The payment images block: simple card-network badges. Their names are text in the page's own font at a
 * size and weight the header already uses (the cart count's), not SVG text in a font of their own: every
 * other font face a page uses is one more lookup in the browser's work after the first paint.
 */
const badges = [
  { label: "Visa", colours: "bg-[#1a1f71] text-white", text: "VISA" },
  { label: "Mastercard", colours: "bg-white", text: null },
  { label: "American Express", colours: "bg-[#2e77bc] text-white", text: "AMEX" },
  { label: "PayPal", colours: "bg-white text-[#003087]", text: "PayPal" },
  { label: "Apple Pay", colours: "bg-black text-white", text: "Pay" },
];

export function PaymentBadges() {
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Payment methods we accept">
      {badges.map((b) => (
        <li key={b.label}>
          <span
            role="img"
            aria-label={b.label}
            className={`flex min-h-[30px] min-w-12 items-center justify-center rounded border px-1 border-[#d1d5db] text-xs font-bold ${b.colours}`}
          >
            {b.text ?? (
              <svg width="30" height="20" viewBox="12 7 24 16" aria-hidden="true">
                <circle cx="20" cy="15" r="8" fill="#eb001b" />
                <circle cx="28" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
              </svg>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
