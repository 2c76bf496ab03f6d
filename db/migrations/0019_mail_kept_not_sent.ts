import { type Kysely, sql } from "kysely";

/**
 * A mail written while no mail server was set up (SMTP_URL) never left the shop, but the outbox
 * recorded it as "sent" (through the "preview" transport), and the admins' list said so. Such mail
 * now has its own status, "kept", with no time of sending; this corrects the mail kept before.
 * Both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update mail_outbox set status = 'kept', sent_at = null
    where status = 'sent' and transport = 'preview'`.execute(db);
}
