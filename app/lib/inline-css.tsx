import { createContext, useContext } from "react";

/**
 * The shop's stylesheet, written into the page's <head> instead of linked: a first visit paints
 * without waiting for a second request (Lighthouse's "render-blocking resources"). The server
 * provides the text (entry.server.tsx, from styles.server.ts); in the browser it is empty, and the
 * element the server wrote is kept as it is.
 *
 * A page served without React never changes its classes (the catalogue's script takes the new page's rules
 * with the parts it puts in place), so it gets only the rules it uses
 * (`forThisPageOnly`): a placeholder here, replaced once the page is written (withPageStyles in
 * styles.server.ts; app/lib/page-styles.ts chooses the rules).
 */
export const InlineCssContext = createContext("");

/** A CSS comment, so that a page whose placeholder were ever left in place would still be valid. */
export const PAGE_STYLES_PLACEHOLDER = "/*page-styles*/";

/** Marks the `<style>` of a page's own rules: the page script finds it by this (`style[data-page-styles]`). */
export const PAGE_STYLES_MARK = "data-page-styles";

export function InlineStyles({ forThisPageOnly = false }: { forThisPageOnly?: boolean }) {
  const css = useContext(InlineCssContext);
  const own = forThisPageOnly && css !== "";
  return (
    <style
      {...(own ? { [PAGE_STYLES_MARK]: "" } : {})}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own built stylesheet, never user content
      dangerouslySetInnerHTML={{ __html: own ? PAGE_STYLES_PLACEHOLDER : css }}
    />
  );
}
