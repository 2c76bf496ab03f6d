import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_MESSAGE_MAX_LENGTH } from "../../domain/content/index.ts";
import { brokenJsonBody, expectError, notJsonBody, unchanged } from "../support/fixtures.ts";
import { createTestShop, type TestShop } from "../support/shop.ts";

let shop: TestShop;
beforeAll(async () => {
  shop = await createTestShop();
});
afterAll(() => shop.close());

const message = {
  name: "Rosa Visitor",
  email: "Rosa@Example.com",
  phone: "+1 555 0100",
  message: "Do you ship to Canada?",
};
const post = (json: unknown) => ({ method: "POST", json });
const messageRow = (id: string) =>
  shop.db.selectFrom("contact_message").selectAll().where("id", "=", id).executeTakeFirst();

describe("POST /api/contact", () => {
  it("keeps an anonymous visitor's message", async () => {
    const res = await shop.anonymous.request("/api/contact", post(message));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.insertedId).toEqual(expect.any(String));
    expect(await messageRow(body.insertedId)).toMatchObject({
      name: "Rosa Visitor",
      email: "rosa@example.com",
      phone: "+1 555 0100",
      message: "Do you ship to Canada?",
    });
  });

  it("accepts a signed-in customer's message without a phone number", async () => {
    const customer = await shop.customer();
    const res = await customer.request("/api/contact", post({ ...message, phone: undefined, email: customer.email }));
    expect(res.status).toBe(201);
    expect(await messageRow((await res.json()).insertedId)).toMatchObject({ email: customer.email, phone: null });
  });

  it("answers 422 naming each missing or invalid field, storing nothing", async () => {
    const empty = await expectError(
      await unchanged(shop, () => shop.anonymous.request("/api/contact", post({}))),
      422,
      "validation_failed",
    );
    expect(Object.keys(empty.fields ?? {}).sort()).toEqual(["email", "message", "name"]);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "rosa-at-example" }, "email"],
      [{ phone: "call me maybe" }, "phone"],
      [{ message: "Hi" }, "message"],
      [{ message: "x".repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) }, "message"],
      [{ name: "   " }, "name"],
      // a bell, and the mark that turns the text after it around, shown to the admins who read it
      [{ message: "Do you ship\u0007 to \u202Eadanac?" }, "message"],
    ];
    for (const [change, field] of cases) {
      const res = await unchanged(shop, () => shop.anonymous.request("/api/contact", post({ ...message, ...change })));
      expect(Object.keys((await expectError(res, 422)).fields ?? {})).toEqual([field]);
    }
  });

  it("keeps a message of several lines, Windows line ends and a pasted tab as the shop writes them", async () => {
    const res = await shop.anonymous.request("/api/contact", post({ ...message, message: "Hello,\r\n\tdo you ship?" }));
    expect(res.status).toBe(201);
    expect((await messageRow((await res.json()).insertedId))?.message).toBe("Hello,\n do you ship?");
  });

  it("answers 415 for a non-JSON body and 400 for broken JSON, storing nothing", async () => {
    await expectError(
      await unchanged(shop, () => shop.anonymous.request("/api/contact", notJsonBody("POST"))),
      415,
      "unsupported_media_type",
    );
    await expectError(
      await unchanged(shop, () => shop.anonymous.request("/api/contact", brokenJsonBody("POST"))),
      400,
      "bad_request",
    );
  });
});
