import { createContext, useContext } from "react";

/**
 * The pages' own small script (app/page-script.ts), written inline at the end of every page. The
 * server provides its text and the request's nonce (entry.server.tsx); in the browser both are
 * empty, and the element the server wrote is kept as it is.
 */
export const PageScriptContext = createContext<{ source: string; nonce?: string }>({ source: "" });

export function PageScript() {
  const { source, nonce } = useContext(PageScriptContext);
  return (
    <script
      type="module"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the shop's own built script, never user content
      dangerouslySetInnerHTML={{ __html: source }}
    />
  );
}
