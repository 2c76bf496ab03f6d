import { useEffect, useState } from "react";
/** The signed-in visitor as the header shows them (null: nobody signed in). */
export type HeaderUser = { name: string; email: string; image: string | null; admin: boolean } | null;

export type PersonalParts = { user: HeaderUser; cartCount: number };

/**
 * The header's personal parts: as the server rendered them for this visitor, or — on a page rendered
 * for nobody in particular, which a CDN may have handed to someone with a session or a cart — as
 * `GET /api/session` says once the page has loaded.
 */
export function usePersonalParts(
  root: { personal: boolean; user: HeaderUser; cartCount: number } | undefined,
): PersonalParts {
  const rendered = { user: root?.user ?? null, cartCount: root?.cartCount ?? 0 };
  const [loaded, setLoaded] = useState<PersonalParts | null>(null);
  const shared = Boolean(root && !root.personal);
  useEffect(() => {
    if (!shared) return setLoaded(null);
    let current = true;
    fetch("/api/session", { credentials: "same-origin", headers: { accept: "application/json" } })
      .then((res) => (res.ok ? (res.json() as Promise<PersonalParts>) : null))
      .then((parts) => {
        if (current && parts && (parts.user || parts.cartCount)) setLoaded(parts);
      })
      .catch(() => {}); // the header as rendered is a fine fallback
    return () => {
      current = false;
    };
  }, [shared]);
  return shared && loaded ? loaded : rendered;
}
