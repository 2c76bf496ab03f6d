/**
 * Table types for Kysely. Timestamps are UTC: ISO strings in SQLite, Date objects from PostgreSQL
 * (repositories normalise both with `toIso`). Money is integer cents. Booleans are 0/1 in SQLite.
 */
import type { Generated } from "kysely";

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
  /** the options and their values, in display order: JSON `[{ name, values }]` */
  options_json: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** a random number set when the product is added: the shuffled catalogue's order (index product_shuffle_idx) */
  shuffle_key: Generated<number>;
  /** 1 when any variant has stock (kept by triggers on product_variant) */
  in_stock: Generated<number>;
  /** drafts are hidden from the storefront and the public API (0008) */
  status: Generated<ProductStatus>;
  /** PostgreSQL only: the weighted full-text vector (0006, made by 0013's functions); SQLite has product_search */
  search_vector: Generated<string | null>;
  /** PostgreSQL only: the category ids, each with a space either side (0010); SQLite keeps them in search_document */
  category_ids: Generated<string>;
  /** PostgreSQL only: the number a search held in memory knows the product by (0017); SQLite: search_document.id */
  search_doc: Generated<number>;
  /** PostgreSQL only: moves on whenever the row is written (0017); SQLite: search_document.revision */
  search_revision: Generated<number | string>;
}

export type ProductStatus = "draft" | "published";

/** A product's images in order; the first is also `product.image_key` (0008). */
export interface ProductImageTable {
  id: string;
  product_id: string;
  key: string;
  width: number;
  height: number;
  alt: string;
  position: number;
  created_at: Timestamp;
}

export interface ProductVariantTable {
  id: string;
  product_id: string;
  sku: string;
  title: string;
  /** the value chosen for each option: JSON `{ "Size": "M" }` */
  options_json: string;
  /** null: the product's price */
  price_cents: number | null;
  stock: number;
  image_key: string | null;
  position: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartTable {
  id: string;
  /** null for a visitor's cart, found through a signed cookie */
  user_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CartItemTable {
  id: string;
  cart_id: string;
  variant_id: string;
  quantity: number;
  added_at: Timestamp;
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
  payment_method: "cod" | "stripe";
  payment_status: "unpaid" | "pending" | "paid" | "failed" | "refunded";
  /** pay on delivery offered with the shop's transfer details at the time (0020); null before that */
  transfer_offered?: number | null;
  /** a cancellation refunding the order since then (ISO); cleared when the status changes (0014) */
  cancel_claimed_at?: string | null;
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
  /** null once the variant is deleted, and for lines from before variants */
  variant_id: string | null;
  variant_title: string | null;
  sku: string | null;
  line_total_cents: number | null;
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

/** A help page an admin has written (migration 0018); `body` is plain text, paragraphs apart by a blank line. */
export interface HelpPageTable {
  slug: string;
  body: string;
  updated_at: Timestamp;
  updated_by: string | null;
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

export interface ShopSettingTable {
  key: string;
  value: string;
}

export interface RequestLimitTable {
  key: string;
  /** milliseconds since the epoch */
  window_start: number;
  hits: number;
}

export interface PaymentTable {
  id: string;
  order_id: string;
  method: "cod" | "stripe";
  status: "unpaid" | "pending" | "paid" | "failed" | "refunded";
  amount_cents: number;
  currency: string;
  session_id: string | null;
  payment_intent_id: string | null;
  refund_id: string | null;
  problem: string | null;
  /** the hosted payment page, and when it closes (ISO), while it may be open (0014) */
  checkout_url: string | null;
  expires_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentEventTable {
  id: string;
  provider: string;
  type: string;
  order_id: string | null;
  outcome: string;
  received_at: Timestamp;
}

/** kept: finished without leaving the shop (no mail server was set up); only admins read it */
export type MailStatus = "pending" | "sending" | "sent" | "failed" | "kept";

export interface MailOutboxTable {
  id: string;
  kind: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  html: string;
  text_body: string;
  /** `<id@host>`, the same on every attempt */
  message_id: string;
  status: MailStatus;
  attempts: number;
  /** pending: when it is due; sending: when the claim's lease runs out */
  next_attempt_at: Timestamp;
  /** who claimed it last: only that worker may record the outcome */
  claim_token: string | null;
  last_error: string | null;
  /** "smtp" once sent; "preview" once kept (no mail server) */
  transport: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  sent_at: Timestamp | null;
}

/** One admin action: who, when, what, and (JSON) what changed. Only ever added to. */
export interface AuditEntryTable {
  id: string;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  summary: string;
  changes: string | null;
  created_at: Timestamp;
}

/** One change of an order's status or payment status: who, when, from and to. Only ever added to. */
export interface OrderEventTable {
  id: string;
  order_id: string;
  /** "status" or "payment" */
  field: string;
  from_value: string | null;
  to_value: string;
  /** "customer", "admin", "provider" (the payment provider) or "system" */
  actor_kind: string;
  actor_id: string | null;
  actor_email: string | null;
  note: string | null;
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
  product_variant: ProductVariantTable;
  product_image: ProductImageTable;
  cart: CartTable;
  cart_item: CartItemTable;
  shop_order: OrderTable;
  order_line: OrderLineTable;
  wishlist_item: WishlistItemTable;
  review: ReviewTable;
  blog_article: BlogArticleTable;
  store_location: StoreLocationTable;
  help_page: HelpPageTable;
  testimonial: TestimonialTable;
  contact_message: ContactMessageTable;
  shop_setting: ShopSettingTable;
  request_limit: RequestLimitTable;
  payment: PaymentTable;
  payment_event: PaymentEventTable;
  mail_outbox: MailOutboxTable;
  audit_entry: AuditEntryTable;
  order_event: OrderEventTable;
  catalogue_version: CatalogueVersionTable;
  /** SQLite: a product's FTS5 document number */
  search_document: SearchDocumentTable;
  /** documents deleted, with the revision of their deletion (SQLite 0016, PostgreSQL 0017) */
  search_document_removed: SearchDocumentRemovedTable;
  /** PostgreSQL: every word in the search index (for spelling) */
  search_term: SearchTermTable;
}

/** One row (id 1) whose version moves on with every change to the catalogue (triggers). */
export interface CatalogueVersionTable {
  id: number;
  version: number | string;
}

/** SQLite: a product's full-text document number, with what a search filters and counts by (migration 0010). */
export interface SearchDocumentTable {
  id: Generated<number>;
  product_id: string;
  status: Generated<string>;
  price_cents: Generated<number>;
  in_stock: Generated<number>;
  position: Generated<number>;
  created_at: Generated<string>;
  /** the product's category ids, each with a space either side */
  category_ids: Generated<string>;
  /** moves on whenever the row is written (migration 0011), for the facts held in memory */
  revision: Generated<number>;
}

export interface SearchDocumentRemovedTable {
  id: number;
  revision: number;
}

export interface SearchTermTable {
  term: string;
}
