import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NAME_MAX_LENGTH } from "../../domain/accounts/index.ts";
import {
  addReview,
  brokenJsonBody,
  confirmEmail,
  expectError,
  notJsonBody,
  unchanged,
  userRow,
} from "../support/fixtures.ts";
import { ADMIN, createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const makeAdmin = (email: unknown) => ({ method: "PUT", json: { email } });

describe("GET /api/users/{email}", () => {
  it("answers the signed-in customer's own record with admin false", async () => {
    const customer = await shop.customer("Lin Customer");
    const res = await customer.request(`/api/users/${encodeURIComponent(customer.email)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: customer.email, displayName: "Lin Customer", admin: false });
    // the email is matched case-insensitively
    expect((await customer.request(`/api/users/${customer.email.toUpperCase()}`)).status).toBe(200);
  });

  it("answers admin true for an admin, who may also look up anyone", async () => {
    const admin = await shop.admin();
    expect(await (await admin.request(`/api/users/${ADMIN.email}`)).json()).toMatchObject({
      email: ADMIN.email,
      admin: true,
    });
    const customer = await shop.customer();
    expect(await (await admin.request(`/api/users/${customer.email}`)).json()).toMatchObject({
      email: customer.email,
      admin: false,
    });
  });

  it("refuses another customer (403) and anonymous visitors (401)", async () => {
    const [customer, other] = [await shop.customer(), await shop.customer()];
    await expectError(await other.request(`/api/users/${customer.email}`), 403, "forbidden");
    await expectError(await other.request(`/api/users/${ADMIN.email}`), 403, "forbidden");
    await expectError(await shop.anonymous.request(`/api/users/${customer.email}`), 401, "unauthenticated");
  });

  it("answers 404 to an admin for an unknown email", async () => {
    const admin = await shop.admin();
    await expectError(await admin.request("/api/users/nobody@shop.test"), 404, "not_found");
  });
});

describe("PUT /api/users/admin", () => {
  it("promotes an account; its next request is an admin's", async () => {
    const customer = await shop.customer();
    await confirmEmail(shop, customer.email);
    await expectError(await customer.request("/api/orders"), 403);
    const admin = await shop.admin();
    const res = await admin.request("/api/users/admin", makeAdmin(customer.email.toUpperCase()));
    expect(res.status).toBe(200);
    expect((await res.json()).modifiedCount).toBe(1);
    expect((await userRow(shop, customer.email))?.role).toBe("admin");
    // same session, no new sign-in
    expect((await customer.request("/api/orders")).status).toBe(200);
    expect((await (await customer.request(`/api/users/${customer.email}`)).json()).admin).toBe(true);
    // promoting again changes nothing
    expect((await (await admin.request("/api/users/admin", makeAdmin(customer.email))).json()).modifiedCount).toBe(0);
  });

  it("answers 404 for an unknown email, changing nothing", async () => {
    const admin = await shop.admin();
    const res = await unchanged(shop, () => admin.request("/api/users/admin", makeAdmin("ghost@shop.test")));
    const error = await expectError(res, 404, "not_found");
    expect(error.fields?.email).toEqual(expect.any(String));
    expect(await userRow(shop, "ghost@shop.test")).toBeUndefined();
  });

  it("refuses customers (403) and anonymous visitors (401), changing nothing", async () => {
    const [customer, other] = [await shop.customer(), await shop.customer()];
    await expectError(
      await unchanged(shop, () => customer.request("/api/users/admin", makeAdmin(customer.email))),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () => customer.request("/api/users/admin", makeAdmin(other.email))),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () => shop.anonymous.request("/api/users/admin", makeAdmin(other.email))),
      401,
      "unauthenticated",
    );
    expect((await userRow(shop, customer.email))?.role).toBe("user");
  });

  it("answers 422 for a missing or invalid email, 415 for non-JSON, 400 for broken JSON, changing nothing", async () => {
    const admin = await shop.admin();
    for (const email of [undefined, "", "not-an-email", 42]) {
      const res = await unchanged(shop, () => admin.request("/api/users/admin", makeAdmin(email)));
      expect((await expectError(res, 422, "validation_failed")).fields?.email).toEqual(expect.any(String));
    }
    await expectError(await unchanged(shop, () => admin.request("/api/users/admin", notJsonBody("PUT"))), 415);
    await expectError(await unchanged(shop, () => admin.request("/api/users/admin", brokenJsonBody("PUT"))), 400);
  });
});

describe.each(["PUT", "POST"])("%s /api/users", (method) => {
  const profile = (json: unknown) => ({ method, json });

  it("sets the signed-in user's display name, used by their next review", async () => {
    const customer = await shop.customer("Old Name");
    const res = await customer.request("/api/users", profile({ email: customer.email, displayName: "  New Name " }));
    expect(res.status).toBe(200);
    expect((await res.json()).modifiedCount).toBe(1);
    expect((await userRow(shop, customer.email))?.name).toBe("New Name");
    expect((await (await customer.request(`/api/users/${customer.email}`)).json()).displayName).toBe("New Name");
    expect((await addReview(customer)).review.name).toBe("New Name");
    // the same name again changes nothing
    expect(
      (await (await customer.request("/api/users", profile({ email: customer.email, displayName: "New Name" }))).json())
        .modifiedCount,
    ).toBe(0);
  });

  it("refuses changing another account (403) and anonymous visitors (401), changing nothing", async () => {
    const [customer, other] = [await shop.customer(), await shop.customer()];
    await expectError(
      await unchanged(shop, () =>
        customer.request("/api/users", profile({ email: other.email, displayName: "Hijacked" })),
      ),
      403,
      "forbidden",
    );
    await expectError(
      await unchanged(shop, () =>
        shop.anonymous.request("/api/users", profile({ email: other.email, displayName: "Hijacked" })),
      ),
      401,
      "unauthenticated",
    );
  });

  it("answers 422 for missing or invalid fields, 415 for non-JSON, 400 for broken JSON, changing nothing", async () => {
    const customer = await shop.customer();
    const missing = await expectError(
      await unchanged(shop, () => customer.request("/api/users", profile({}))),
      422,
      "validation_failed",
    );
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual(["displayName", "email"]);
    const blank = await unchanged(shop, () =>
      customer.request("/api/users", profile({ email: customer.email, displayName: "   " })),
    );
    expect((await expectError(blank, 422)).fields?.displayName).toEqual(expect.any(String));
    const long = await unchanged(shop, () =>
      customer.request("/api/users", profile({ email: customer.email, displayName: "x".repeat(NAME_MAX_LENGTH + 1) })),
    );
    expect((await expectError(long, 422)).fields?.displayName).toEqual(expect.any(String));
    await expectError(await unchanged(shop, () => customer.request("/api/users", notJsonBody(method))), 415);
    await expectError(await unchanged(shop, () => customer.request("/api/users", brokenJsonBody(method))), 400);
  });
});
