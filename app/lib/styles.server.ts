// The built stylesheet as text (Vite's ?inline), for <InlineStyles /> in root.tsx.
import css from "../app.css?inline";
import { PAGE_STYLES_MARK, PAGE_STYLES_PLACEHOLDER } from "./inline-css.tsx";
import { type ParsedStylesheet, parseStylesheet, stylesForPage } from "./page-styles.ts";

export const inlineCss: string = css;

/** The stylesheet parsed on the first page that needs it; null: this parser cannot read it (tried once). */
let parsed: ParsedStylesheet | null | undefined;

function stylesheet(): ParsedStylesheet | null {
  if (parsed === undefined) {
    try {
      parsed = parseStylesheet(css);
    } catch {
      parsed = null;
    }
  }
  return parsed;
}

/**
 * A finished page with its stylesheet in place: a page served without React asked for the rules it
 * uses only (`<InlineStyles forThisPageOnly />` wrote a placeholder); any other page is returned as it is.
 */
export function withPageStyles(html: string): string {
  const open = `<style ${PAGE_STYLES_MARK}="">`;
  const placeholder = `${open}${PAGE_STYLES_PLACEHOLDER}</style>`;
  const at = html.indexOf(placeholder);
  if (at < 0) return html;
  const sheet = stylesheet();
  // a stylesheet or page this code cannot read: the page gets all of the stylesheet rather than none
  let styles = css;
  try {
    // the page is read with its placeholder, which names no class and reads no variable
    if (sheet) styles = stylesForPage(sheet, html);
  } catch {}
  return `${html.slice(0, at)}${open}${styles}</style>${html.slice(at + placeholder.length)}`;
}
