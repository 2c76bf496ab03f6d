import type { DB } from "../../db/connection.ts";
import type { MediaStore } from "../media/index.ts";
import type { Actor } from "./actor.ts";
import type { CheckoutProvider } from "./checkout-provider.ts";
import type { DomainEvents } from "./events.ts";

/** Shop-wide settings the rules need (from the server's configuration). */
export type ShopSettings = {
  name: string;
  publicUrl: string;
  /** where contact-form messages go (SHOP_EMAIL) */
  email: string;
  /** rate limits on public forms (off in some test runs) */
  rateLimits: boolean;
  /** ISO 4217 code of the shop's prices (amounts are in its minor units) */
  currency: string;
  /** the base of image URLs: the shop's own /media, or a CDN's (S3_PUBLIC_URL) */
  mediaBaseUrl: string;
  /** the owner's account (SHOP_ADMIN_EMAIL, lower-cased), the one admin who may disable other admins; null: none */
  ownerEmail: string | null;
};

/**
 * What a domain function works with: the database, the media store, the shop's settings, who is
 * asking and from which address. The server's request context has all of these, so a page or API
 * handler passes its own context straight in; jobs and the seed build one with a system actor.
 */
export type DomainContext = {
  db: DB;
  media: MediaStore;
  shop: ShopSettings;
  actor: Actor;
  clientIp: string;
  /** the card payment provider, when the shop has one */
  payments: { stripe: CheckoutProvider | null };
  /** told what happened once it has (metrics); jobs and the seed may leave it out */
  events?: DomainEvents;
};

/** For reads that need nothing but the database (the public catalogue, content). */
export type DataContext = Pick<DomainContext, "db">;
