import { describe, expect, it } from "vitest";
import {
  type Actor,
  actorFor,
  anonymous,
  requireAdmin,
  requireSelfOrAdmin,
  requireUser,
  type SignedInUser,
  sameEmail,
} from "./actor.ts";
import { DomainError } from "./errors.ts";

const ada: SignedInUser = {
  id: "u1",
  email: "ada@example.com",
  name: "Ada",
  image: null,
  role: "user",
  emailVerified: true,
};
const root: SignedInUser = { ...ada, id: "u2", email: "root@example.com", role: "admin" };

function codeOf(work: () => unknown): string {
  try {
    work();
    return "ok";
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}

describe("actorFor", () => {
  it("makes anonymous, customer or admin from the signed-in user", () => {
    expect(actorFor(null)).toBe(anonymous);
    expect(actorFor(undefined)).toEqual({ kind: "anonymous" });
    expect(actorFor(ada)).toEqual({ kind: "customer", user: ada });
    expect(actorFor(root)).toEqual({ kind: "admin", user: root });
  });
});

describe("requirements", () => {
  const customer: Actor = actorFor(ada);
  const admin: Actor = actorFor(root);

  it("requireUser answers the user, or asks to sign in", () => {
    expect(requireUser(customer)).toBe(ada);
    expect(requireUser(admin)).toBe(root);
    expect(codeOf(() => requireUser(anonymous))).toBe("unauthenticated");
  });

  it("requireAdmin lets admins only", () => {
    expect(requireAdmin(admin)).toBe(root);
    expect(codeOf(() => requireAdmin(customer))).toBe("forbidden");
    expect(codeOf(() => requireAdmin(anonymous))).toBe("unauthenticated");
  });

  it("does not trust a customer actor that carries an admin role", () => {
    const forged: Actor = { kind: "customer", user: { ...ada, role: "admin" } };
    expect(codeOf(() => requireAdmin(forged))).toBe("forbidden");
    expect(codeOf(() => requireSelfOrAdmin(forged, "root@example.com"))).toBe("forbidden");
  });

  it.each([
    ["anonymous", anonymous, "ada@example.com", "unauthenticated"],
    ["the owner", actorFor(ada), "ada@example.com", "ok"],
    ["the owner, other case and spaces", actorFor(ada), " ADA@Example.com ", "ok"],
    ["another customer", actorFor({ ...ada, email: "grace@example.com" }), "ada@example.com", "forbidden"],
    ["an admin", actorFor(root), "ada@example.com", "ok"],
  ] as const)("requireSelfOrAdmin for %s: %s", (_, actor, email, expected) => {
    expect(codeOf(() => requireSelfOrAdmin(actor, email))).toBe(expected);
  });

  it("sameEmail ignores case and surrounding spaces only", () => {
    expect(sameEmail("Ada@Example.com", " ada@example.com ")).toBe(true);
    expect(sameEmail("ada@example.com", "ada@example.co")).toBe(false);
    expect(sameEmail("a.da@example.com", "ada@example.com")).toBe(false);
  });
});
