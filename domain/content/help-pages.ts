/** The shop's help pages: anyone reads them, admins write them. */
import { inTransaction } from "../../db/connection.ts";
import { recordAudit } from "../audit/index.ts";
import { requireAdmin } from "../shared/actor.ts";
import type { DataContext, DomainContext } from "../shared/context.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import { formatCount } from "../shared/numbers.ts";
import { parseInput } from "../shared/validation.ts";
import { HELP_PAGES, type HelpBlock, helpBlocks, isHelpPageSlug } from "./help-rules.ts";
import * as repo from "./repository.ts";
import { helpPageInput } from "./schemas.ts";

export type HelpPage = {
  slug: string;
  title: string;
  /** the admin's text as written ("" until it is) */
  body: string;
  blocks: HelpBlock[];
  /** when it was last written; null: never */
  updatedAt: string | null;
};

const titleOf = (slug: string) => HELP_PAGES.find((p) => p.slug === slug)?.title ?? slug;

/** One help page, written or not; an address that names no help page is not found. */
export async function getHelpPage(ctx: DataContext, slug: string): Promise<HelpPage> {
  if (!isHelpPageSlug(slug)) throw notFound("Page");
  const row = await repo.findHelpPage(ctx.db, slug);
  const body = row?.body ?? "";
  return { slug, title: titleOf(slug), body, blocks: helpBlocks(body), updatedAt: row?.updatedAt ?? null };
}

/** The addresses of the help pages that have been written (the sitemap's), for anyone. */
export async function writtenHelpPages(ctx: DataContext): Promise<string[]> {
  const written = new Set((await repo.listHelpPages(ctx.db)).map((p) => p.slug));
  return HELP_PAGES.filter((p) => written.has(p.slug)).map((p) => `/help/${p.slug}`);
}

/** Every help page, with when it was last written (null: not yet): admins only. */
export async function listHelpPages(
  ctx: DomainContext,
): Promise<{ slug: string; title: string; updatedAt: string | null }[]> {
  requireAdmin(ctx.actor);
  const written = new Map((await repo.listHelpPages(ctx.db)).map((p) => [p.slug, p.updatedAt]));
  return HELP_PAGES.map((p) => ({ slug: p.slug, title: p.title, updatedAt: written.get(p.slug) ?? null }));
}

/** An admin writes a help page's text (empty: the page says it has not been written), with an audit entry. */
export async function saveHelpPage(ctx: DomainContext, slug: string, input: unknown): Promise<HelpPage> {
  const admin = requireAdmin(ctx.actor);
  if (!isHelpPageSlug(slug)) throw notFound("Page");
  const { body, editedFrom } = parseInput(helpPageInput, input);
  const at = new Date().toISOString();
  await inTransaction(ctx.db, async (trx) => {
    const current = await repo.findHelpPage(trx, slug);
    const before = current?.body ?? "";
    // the page the admin edited: as their form showed it, else as it is now
    const seen = editedFrom === undefined ? (current?.updatedAt ?? null) : editedFrom || null;
    if (body === before && seen === (current?.updatedAt ?? null)) return;
    const written = await repo.writeHelpPageIfStill(trx, slug, seen, { body, at, by: admin.id });
    if (!written) {
      throw new DomainError(
        "conflict",
        "This page was changed after you opened it (by another admin or in another tab). Nothing was saved: reload it to see that text, then make your change again.",
      );
    }
    await recordAudit(trx, ctx.actor, {
      action: "help.update",
      target: { type: "help_page", id: slug },
      summary: body
        ? `${before ? "Rewrote" : "Wrote"} the help page “${titleOf(slug)}” (${formatCount(body.length)} characters)`
        : `Took down the help page “${titleOf(slug)}”`,
      changes: { characters: { from: before.length, to: body.length } },
    });
  });
  return getHelpPage(ctx, slug);
}
