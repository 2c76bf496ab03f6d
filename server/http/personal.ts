/**
 * Whether a request is personal: it names a session, a visitor's cart or a one-time message. Such a
 * request is answered for its sender alone — never from, nor into, the store of shared answers — and
 * its pages load no personal parts separately.
 */

/**
 * Cookies that make an answer personal: a session (Better Auth), a visitor's cart, a one-time message.
 * Looked for anywhere in the header, in any case: the parsers that read them are looser than the
 * header's grammar (Better Auth trims spaces, a no-break space among them, around a cookie's name),
 * and a request taken for anonymous that one of them reads as signed in would be stored for everyone.
 */
const PERSONAL_COOKIE = /better-auth\.|session_token|vitrine_cart|vitrine_flash/i;

export function isPersonal(headers: Headers): boolean {
  return isPersonalRequest(headers.get("authorization") ?? undefined, headers.get("cookie") ?? undefined);
}

/** isPersonal, from the Authorization and Cookie headers' values. */
export function isPersonalRequest(authorization: string | undefined, cookie: string | undefined): boolean {
  return authorization !== undefined || PERSONAL_COOKIE.test(cookie ?? "");
}
