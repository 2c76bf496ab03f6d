import { DomainError, forbidden, unauthenticated } from "./errors.ts";

export type Role = "user" | "admin";
export type SignedInUser = {
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: Role;
  /** whether the owner confirmed the address (the shop's link, or Google said so) */
  emailVerified: boolean;
};

/** Who is asking. Every domain function that reads or changes private data takes one. */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "customer"; user: SignedInUser }
  | { kind: "admin"; user: SignedInUser };

export const anonymous: Actor = { kind: "anonymous" };

export function actorFor(user: SignedInUser | null | undefined): Actor {
  if (!user) return anonymous;
  return user.role === "admin" ? { kind: "admin", user } : { kind: "customer", user };
}

export function requireUser(actor: Actor): SignedInUser {
  if (actor.kind === "anonymous") throw unauthenticated();
  return actor.user;
}

export function requireAdmin(actor: Actor): SignedInUser {
  const user = requireUser(actor);
  if (actor.kind !== "admin") throw forbidden("Only an admin can do that.");
  return user;
}

export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether this address is the shop owner's (SHOP_ADMIN_EMAIL, `ShopSettings.ownerEmail`; null: the shop has none). */
export const isOwnerEmail = (ownerEmail: string | null, email: string) =>
  ownerEmail !== null && sameEmail(email, ownerEmail);

/** A customer may read or change only their own records; an admin may act for anyone. */
export function requireSelfOrAdmin(actor: Actor, email: string): SignedInUser {
  const user = requireUser(actor);
  if (actor.kind === "admin" || sameEmail(user.email, email)) return user;
  throw new DomainError("forbidden", "You can only see your own records.");
}
