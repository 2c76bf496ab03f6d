/** A network a page can be shared on: its share address, and the size of the window it opens in. */
export type ShareLink = { name: "Facebook" | "Twitter" | "LinkedIn" | "E-mail"; href: string; window?: string };

/**
 * The share links of a page: the windows the shop has always opened are 550×400, LinkedIn's 750×600
 * (the page script opens them, app/page-script.ts); e-mail opens the visitor's mail program.
 */
export function shareLinks(url: string, title: string): ShareLink[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}`, window: "550x400" },
    { name: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${t}`, window: "550x400" },
    { name: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`, window: "750x600" },
    { name: "E-mail", href: `mailto:?subject=${t}&body=${u}` },
  ];
}
