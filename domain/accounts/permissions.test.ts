import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type Actor, actorFor, anonymous } from "../shared/actor.ts";
import { createTestShop, outcome, type TestShop } from "../shared/testing.ts";
import { getAccount, makeAdmin, updateProfile } from "./index.ts";

let shop: TestShop;
let who: Record<"anonymous" | "owner" | "other" | "admin", Actor>;

beforeEach(async () => {
  shop = await createTestShop();
  who = {
    anonymous,
    owner: actorFor(await shop.user("ada@example.com", "user", "Ada")),
    other: actorFor(await shop.user("grace@example.com", "user", "Grace")),
    admin: actorFor(await shop.user("root@example.com", "admin", "Root")),
  };
});
afterEach(() => shop.close());

const stored = (email: string) =>
  shop.db.selectFrom("user").select(["name", "role"]).where("email", "=", email).executeTakeFirstOrThrow();

describe("getAccount", () => {
  it.each([
    ["anonymous", "unauthenticated"],
    ["owner", "ok"],
    ["other", "forbidden"],
    ["admin", "ok"],
  ] as const)("as %s: %s", async (actor, expected) => {
    expect(await outcome(() => getAccount(shop.as(who[actor]), "ada@example.com"))).toBe(expected);
  });

  it("tells whether the account is an admin", async () => {
    expect(await getAccount(shop.as(who.owner), "ADA@example.com")).toEqual({
      email: "ada@example.com",
      displayName: "Ada",
      admin: false,
    });
    expect(await getAccount(shop.as(who.owner), "root@example.com").catch((e) => e.code)).toBe("forbidden");
    expect((await getAccount(shop.as(who.admin), "root@example.com")).admin).toBe(true);
  });

  it("answers not found for an unknown or malformed email", async () => {
    expect(await outcome(() => getAccount(shop.as(who.admin), "nobody@example.com"))).toBe("not_found");
    expect(await outcome(() => getAccount(shop.as(who.admin), "not an email"))).toBe("not_found");
  });
});

describe("makeAdmin", () => {
  it.each([
    ["anonymous", "unauthenticated", "user"],
    ["owner", "forbidden", "user"],
    ["other", "forbidden", "user"],
    ["admin", "ok", "admin"],
  ] as const)("promoting as %s: %s", async (actor, expected, role) => {
    expect(await outcome(() => makeAdmin(shop.as(who[actor]), { email: "ada@example.com" }))).toBe(expected);
    expect((await stored("ada@example.com")).role).toBe(role);
  });

  it("reports what changed: once, then nothing", async () => {
    expect(await makeAdmin(shop.as(who.admin), { email: " Grace@Example.com " })).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect(await makeAdmin(shop.as(who.admin), { email: "grace@example.com" })).toEqual({
      matchedCount: 1,
      modifiedCount: 0,
    });
  });

  it("refuses an unknown or malformed email instead of a false success", async () => {
    await expect(makeAdmin(shop.as(who.admin), { email: "nobody@example.com" })).rejects.toMatchObject({
      code: "not_found",
      fields: { email: "No account uses this email." },
    });
    expect(await outcome(() => makeAdmin(shop.as(who.admin), { email: "nobody" }))).toBe("validation_failed");
    expect(await outcome(() => makeAdmin(shop.as(who.admin), {}))).toBe("validation_failed");
  });
});

describe("updateProfile", () => {
  it.each([
    ["anonymous", "unauthenticated", "Ada"],
    ["owner", "ok", "Countess"],
    ["other", "forbidden", "Ada"],
    ["admin", "forbidden", "Ada"],
  ] as const)("renaming ada as %s: %s", async (actor, expected, name) => {
    const input = { email: "ada@example.com", displayName: "Countess" };
    expect(await outcome(() => updateProfile(shop.as(who[actor]), input))).toBe(expected);
    expect((await stored("ada@example.com")).name).toBe(name);
  });

  it("changes nothing when the name is the same, and trims it", async () => {
    const ctx = shop.as(who.owner);
    expect(await updateProfile(ctx, { email: "ada@example.com", displayName: "  Ada " })).toEqual({
      matchedCount: 1,
      modifiedCount: 0,
    });
    expect(await updateProfile(ctx, { email: "ADA@example.com", displayName: " Ada L. " })).toEqual({
      matchedCount: 1,
      modifiedCount: 1,
    });
    expect((await stored("ada@example.com")).name).toBe("Ada L.");
  });

  it("validates the display name", async () => {
    await expect(
      updateProfile(shop.as(who.owner), { email: "ada@example.com", displayName: "x".repeat(81) }),
    ).rejects.toMatchObject({
      code: "validation_failed",
      fields: { displayName: "Display name must be at most 80 characters." },
    });
    expect(await outcome(() => updateProfile(shop.as(who.owner), { email: "ada@example.com", displayName: "" }))).toBe(
      "validation_failed",
    );
    expect((await stored("ada@example.com")).name).toBe("Ada");
  });
});
