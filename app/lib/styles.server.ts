// The built stylesheet as text (Vite's ?inline), for <InlineStyles /> in root.tsx.
import css from "../app.css?inline";
import { PAGE_STYLES_PLACEHOLDER } from "./inline-css.tsx";
import { type ParsedStylesheet, parseStylesheet, stylesForPage } from "./page-styles.ts";

export const inlineCss: string = css;

let parsed: ParsedStylesheet | undefined;

/**
 * A finished page with its stylesheet in place: a page served without React asked for the rules it
 * uses only (`<InlineStyles forThisPageOnly />` wrote a placeholder); any other page is returned as it is.
 */
export function withPageStyles(html: string): string {
  const placeholder = `<style>${PAGE_STYLES_PLACEHOLDER}</style>`;
  const at = html.indexOf(placeholder);
  if (at < 0) return html;
  const page = html.slice(0, at) + html.slice(at + placeholder.length);
  let styles: string;
  try {
    parsed ??= parseStylesheet(css);
    styles = stylesForPage(parsed, page);
  } catch {
    styles = css; // (a stylesheet this parser cannot read: the page gets all of it rather than none)
  }
  return `${html.slice(0, at)}<style>${styles}</style>${html.slice(at + placeholder.length)}`;
}
