/** Carts: a visitor's (found through a signed cookie) or a customer's, with today's prices and stock. */
export {
  ANONYMOUS_CART_DAYS,
  cartItemInput,
  cartQuantityInput,
  MAX_CART_LINES,
  MAX_CART_QUANTITY,
} from "./schemas.ts";
export {
  addToCart,
  type Cart,
  type CartLine,
  cartCount,
  cartFingerprint,
  expireVisitorCarts,
  getCart,
  mergeVisitorCart,
  removeCartItem,
  takeOrderedLines,
  updateCartItem,
} from "./service.ts";
