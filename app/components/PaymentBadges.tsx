/** The payment images block: simple card-network badges drawn inline. */
const badges = [
  { label: "Visa", bg: "#1a1f71", fg: "#ffffff", text: "VISA" },
  { label: "Mastercard", bg: "#ffffff", fg: "#111827", text: "MC" },
  { label: "American Express", bg: "#2e77bc", fg: "#ffffff", text: "AMEX" },
  { label: "PayPal", bg: "#ffffff", fg: "#003087", text: "PayPal" },
  { label: "Apple Pay", bg: "#000000", fg: "#ffffff", text: "Pay" },
];

export function PaymentBadges() {
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Payment methods we accept">
      {badges.map((b) => (
        <li key={b.label}>
          <svg width="48" height="30" viewBox="0 0 48 30" role="img" aria-label={b.label}>
            <rect x="0.5" y="0.5" width="47" height="29" rx="4" fill={b.bg} stroke="#d1d5db" />
            {b.text === "MC" ? (
              <>
                <circle cx="20" cy="15" r="8" fill="#eb001b" />
                <circle cx="28" cy="15" r="8" fill="#f79e1b" fillOpacity="0.9" />
              </>
            ) : (
              <text
                x="24"
                y="19.5"
                textAnchor="middle"
                fontFamily="Arial, sans-serif"
                fontWeight="700"
                fontSize="11"
                fill={b.fg}
              >
                {b.text}
              </text>
            )}
          </svg>
        </li>
      ))}
    </ul>
  );
}
