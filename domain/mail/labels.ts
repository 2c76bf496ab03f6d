/** How mail statuses read for admins (browser-safe: no imports). */
export const MAIL_STATUSES = ["pending", "sending", "sent", "failed", "kept"] as const;

/**
 * Each status as an admin reads it. "kept" is a mail that never left the shop: it was written while
 * no mail server was set up (SMTP_URL), and only admins can read it, on the mail page.
 */
export const MAIL_STATUS_LABELS: Record<(typeof MAIL_STATUSES)[number], string> = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  kept: "Not sent: no mail server (SMTP_URL)",
};
