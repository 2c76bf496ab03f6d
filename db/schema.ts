
/**
 * Table types for Kysely. Timestamps are UTC: ISO strings in SQLite, Date objects from PostgreSQL
 * (repositories normalise both with `toIso`). Money is integer cents. Booleans are 0/1 in SQLite.
 */
type Timestamp = string | Date;
type Bool = boolean | number;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  role: string | null;
  banned: Bool | null;
  banReason: string | null;
  banExpires: Timestamp | null;
}

/** Better Auth's tables, typed for the few places the shop reads them directly (tests, tools). */
export interface SessionTable {
  id: string;
  expiresAt: Timestamp;
  token: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Timestamp | null;
  refreshTokenExpiresAt: Timestamp | null;
  scope: string | null;
  password: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface RateLimitTable {
  id: string;
  key: string;
  count: number;
  lastRequest: number;
}

export interface CategoryTable {
  id: string;
  slug: string;
  name: string;
  department: string;
  position: number;
}

export interface ProductTable {
  id: string;
  title: string;
  /** lower-cased title, so that title search is case-insensitive and identical on both engines */
  title_search: string;
  price_cents: number;
  desc1: string;
  desc2: string | null;
  desc3: string | null;
  desc4: string | null;
  image_key: string;
  image_width: number;
  image_height: number;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductCategoryTable {
  product_id: string;
  category_id: string;
}

export interface OrderTable {
  id: string;
  order_number: number;
  user_id: string | null;
  user_email: string;
  full_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  acknowledged: Bool;
  status: "Pending" | "Shipped" | "Cancelled";
  total_cents: number;
  /** client-chosen key that makes a resubmitted order form create one order */
  request_key: string | null;
  placed_at: Timestamp;
  updated_at: Timestamp;
}

export interface OrderLineTable {
  id: string;
  order_id: string;
  /** null once the product is deleted from the catalogue; the copy below stays readable */
  product_id: string | null;
  title: string;
  unit_price_cents: number;
  quantity: number;
  image_key: string;
  position: number;
}

export interface WishlistItemTable {
  id: string;
  user_id: string;
  product_id: string | null;
  title: string;
  price_cents: number;
  image_key: string;
  created_at: Timestamp;
}

export interface ReviewTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  description: string;
  rating: number;
  created_at: Timestamp;
}

export interface BlogArticleTable {
  id: string;
  slug: string;
  title: string;
  published_on: string;
  image_key: string;
  excerpt: string;
  body: string;
  tags: string;
  position: number;
}

export interface StoreLocationTable {
  id: string;
  country: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  hours: string;
  position: number;
}

export interface TestimonialTable {
  id: string;
  name: string;
  role: string;
  quote: string;
  rating: number;
  position: number;
}

export interface ContactMessageTable {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  message: string;
  created_at: Timestamp;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  rateLimit: RateLimitTable;
  category: CategoryTable;
  product: ProductTable;
  product_category: ProductCategoryTable;
  shop_order: OrderTable;
  order_line: OrderLineTable;
  wishlist_item: WishlistItemTable;
  review: ReviewTable;
  blog_article: BlogArticleTable;
  store_location: StoreLocationTable;
  testimonial: TestimonialTable;
  contact_message: ContactMessageTable;
}
