import { createContext, useContext } from "react";

/**
 * The shop's stylesheet, written into the page's <head> instead of linked: a first visit paints
 * without waiting for a second request (Lighthouse's "render-blocking resources"). The server
 * provides the text (entry.server.tsx, from styles.server.ts); in the browser it is empty, and the
 * element the server wrote is kept as it is.
 */
export const InlineCssContext = createContext("");

export function InlineStyles() {
  const css = useContext(InlineCssContext);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own built stylesheet, never user content
  return <style suppressHydrationWarning dangerouslySetInnerHTML={{ __html: css }} />;
}
