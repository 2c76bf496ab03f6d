/**
 * The shop's help pages, in the footer's order, and how their text is written (browser-safe: the footer
 * and the admin's editor use them).
 */
export const HELP_PAGES = [
  { slug: "terms", title: "Terms & Conditions" },
  { slug: "returns", title: "Returns & Exchanges" },
  { slug: "shipping", title: "Shipping & Delivery" },
  { slug: "size-guide", title: "Size Guide" },
  { slug: "faqs", title: "FAQs" },
] as const;
export type HelpPageSlug = (typeof HELP_PAGES)[number]["slug"];

export const HELP_PAGE_MAX_LENGTH = 20_000;

export const isHelpPageSlug = (slug: string): slug is HelpPageSlug => HELP_PAGES.some((p) => p.slug === slug);

/**
 * One block of a help page: a line starting "## " is a heading, lines starting "- " make a list, other lines
 * run together into a paragraph until a blank line.
 */
export type HelpBlock =
  | { kind: "heading"; text: string }
  | { kind: "list"; items: string[] }
  | { kind: "text"; text: string };

/** A help page's text as blocks: plain text only, so nothing an admin writes becomes markup. */
export function helpBlocks(body: string): HelpBlock[] {
  const blocks: HelpBlock[] = [];
  let open: HelpBlock | null = null;
  for (const raw of body.split("\n")) {
    const line = raw.trim();
    if (!line) {
      open = null;
    } else if (line.startsWith("## ")) {
      blocks.push({ kind: "heading", text: line.slice(3).trim() });
      open = null;
    } else if (line.startsWith("- ")) {
      const item = line.slice(2).trim();
      if (open?.kind === "list") {
        open.items.push(item);
      } else {
        open = { kind: "list", items: [item] };
        blocks.push(open);
      }
    } else if (open?.kind === "text") {
      open.text += ` ${line}`;
    } else {
      open = { kind: "text", text: line };
      blocks.push(open);
    }
  }
  return blocks;
}
