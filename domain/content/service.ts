import { inTransaction } from "../../db/connection.ts";
import * as limits from "../limits/index.ts";
import * as mail from "../mail/index.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { newId } from "../shared/ids.ts";
import { parseInput } from "../shared/validation.ts";
import * as repo from "./repository.ts";
import { contactInput } from "./schemas.ts";

export const listArticles = (ctx: DataContext) => repo.listArticles(ctx.db);
export const listStoreLocations = (ctx: DataContext) => repo.listStoreLocations(ctx.db);
export const listTestimonials = (ctx: DataContext) => repo.listTestimonials(ctx.db);

/**
 * The contact form: validated, kept for the shop to answer, mailed to the shop's address, and
 * acknowledged to the sender (all in one transaction). Anyone may write, a few times in a while;
 * an address that has had several acknowledgements lately gets no more (the message is still kept).
 */
export async function sendContactMessage(
  ctx: Pick<DomainContext, "db" | "shop" | "clientIp">,
  input: unknown,
): Promise<{ id: string; createdAt: string }> {
  const fields = parseInput(contactInput, input);
  let acknowledge = true;
  if (ctx.shop.rateLimits) {
    await limits.consume(
      ctx,
      `contact:${ctx.clientIp}`,
      limits.LIMITS.contactMessages,
      "You have sent several messages in a short time. Please wait a few minutes before sending another.",
    );
    acknowledge = await limits.take(ctx, `mail-request:${fields.email}`, limits.LIMITS.mailsPerAddress);
  }
  const message = { id: newId(), createdAt: new Date().toISOString() };
  const phone = fields.phone ?? null;
  await inTransaction(ctx.db, async (trx) => {
    await repo.insertContactMessage(
      trx,
      { id: message.id, name: fields.name, email: fields.email, phone, message: fields.message },
      message.createdAt,
    );
    const mailCtx = { db: trx, shop: ctx.shop };
    await mail.enqueue(mailCtx, {
      kind: "contact-receipt",
      to: ctx.shop.email,
      replyTo: fields.email,
      data: { name: fields.name, email: fields.email, phone, message: fields.message, receivedAt: message.createdAt },
    });
    if (acknowledge) {
      await mail.enqueue(mailCtx, {
        kind: "contact-acknowledgement",
        to: fields.email,
        data: { receivedAt: message.createdAt },
      });
    }
  });
  return message;
}

// ── for the shop itself (the seed): no actor, the caller is trusted ──

/** Saves blog articles (their images already stored), store locations, testimonials and help pages. */
export async function importContent(
  ctx: DataContext,
  content: {
    articles: repo.NewArticle[];
    stores: (Omit<repo.StoreLocation, "id"> & { position: number })[];
    testimonials: (Omit<repo.Testimonial, "id"> & { position: number })[];
    helpPages?: { slug: string; body: string }[];
  },
): Promise<void> {
  await repo.insertContent(ctx.db, {
    articles: content.articles.map((a) => ({ ...a, id: newId() })),
    stores: content.stores.map((s) => ({ ...s, id: newId() })),
    testimonials: content.testimonials.map((t) => ({ ...t, id: newId() })),
  });
  const at = new Date().toISOString();
  for (const page of content.helpPages ?? []) await repo.writeHelpPage(ctx.db, page.slug, page.body, at, null);
}

export const clearContent = (ctx: DataContext) => repo.deleteAll(ctx.db);
export const countArticles = (ctx: DataContext) => repo.countArticles(ctx.db);
