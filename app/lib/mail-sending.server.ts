import type { RequestContext } from "../../server/context.ts";

/**
 * Whether mail leaves the shop: only with a mail server (SMTP_URL). Without one it is kept on the Mail
 * page, and the pages must not say that something was sent.
 */
export const mailLeavesTheShop = (ctx: RequestContext) => ctx.services.mail.transport.name !== "preview";
