import { createHmac, timingSafeEqual } from "node:crypto";
import { ANONYMOUS_CART_DAYS } from "../../domain/cart/index.ts";

const NAME = "vitrine_cart";

/**
 * A visitor's cart is referenced by a signed cookie (`<cart id>.<signature>`), so that nobody can
 * guess or forge another visitor's cart id; the cart itself is in the database.
 */
export function cartCookie(secret: string, secure: boolean) {
  const sign = (id: string) => createHmac("sha256", secret).update(`cart:${id}`).digest("base64url");
  const attributes = `Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return {
    name: NAME,
    /** The cart id the request's cookie names, if its signature holds. */
    read(cookieHeader: string | null | undefined): string | null {
      const match = new RegExp(`(?:^|;\\s*)${NAME}=([A-Za-z0-9_-]{1,64})\\.([A-Za-z0-9_-]{43})(?:;|$)`).exec(
        cookieHeader ?? "",
      );
      if (!match) return null;
      const [, id, signature] = match;
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
    },
    set: (id: string) => `${NAME}=${id}.${sign(id)}; ${attributes}; Max-Age=${ANONYMOUS_CART_DAYS * 24 * 60 * 60}`,
    clear: () => `${NAME}=; ${attributes}; Max-Age=0`,
  };
}

export type CartCookie = ReturnType<typeof cartCookie>;
