/**
 * A link to the sign-in or Sign Up page that keeps where the visitor is to come back to (`?from=`,
 * read by both pages through `safeRedirect`); home needs no `from`.
 */
export const withReturnTo = (path: "/login" | "/register", from: string) =>
  from === "/" ? path : `${path}?from=${encodeURIComponent(from)}`;
