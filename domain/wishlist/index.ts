/** Wishlists: each customer's saved products (a copy of title, price and image survives the product). */
export type { WishlistItem } from "./repository.ts";
export { wishlistInput } from "./schemas.ts";
export {
  addToWishlist,
  clearWishlists,
  listMyWishlist,
  listWishlist,
  removeFromWishlist,
  toggleWishlist,
  wishlistEntryFor,
} from "./service.ts";
