import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LIMITS, RateLimited } from "../limits/index.ts";
import { createTestShop, errorsOf, type TestShop, testShopSettings } from "../shared/testing.ts";
import { contactInput, sendContactMessage } from "./index.ts";

const message = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  phone: "",
  message: "Do you ship chairs to Scotland?",
};

describe("the contact form", () => {
  it("accepts a message, normalising the email and dropping an empty phone", () => {
    expect(contactInput.parse(message)).toEqual({
      name: "Ada Lovelace",
      email: "ada@example.com",
      message: "Do you ship chairs to Scotland?",
    });
    expect(contactInput.parse({ ...message, phone: " +44 131 496 0000 " }).phone).toBe("+44 131 496 0000");
  });

  it("reports every missing field", () => {
    expect(errorsOf(contactInput, {})).toEqual({
      name: "Name is required.",
      email: "Email is required.",
      message: "Message is required.",
    });
  });

  it("wants at least ten characters of message, after trimming", () => {
    expect(errorsOf(contactInput, { ...message, message: "   Hello?   " })).toEqual({
      message: "Please write at least 10 characters.",
    });
    expect(contactInput.safeParse({ ...message, message: "0123456789" }).success).toBe(true);
    expect(errorsOf(contactInput, { ...message, message: "m".repeat(5001) })).toHaveProperty("message");
  });

  it.each(["call me", "12345", "+1 555 0100 ext. 4", "1".repeat(31)])("refuses the phone %j", (phone) => {
    expect(errorsOf(contactInput, { ...message, phone })).toHaveProperty("phone");
  });

  it("refuses a bad email and NUL characters", () => {
    expect(errorsOf(contactInput, { ...message, email: "ada(at)example.com" })).toEqual({
      email: "Enter a valid email address.",
    });
    expect(errorsOf(contactInput, { ...message, name: "Ada\u0000" })).toHaveProperty("name");
    expect(errorsOf(contactInput, { ...message, message: "Hello there\u0000!" })).toHaveProperty("message");
  });
});

describe("sending a contact message", () => {
  let shop: TestShop;
  beforeEach(async () => {
    shop = await createTestShop();
  });
  afterEach(() => shop.close());

  const stored = () => shop.db.selectFrom("contact_message").select(["name", "email", "phone", "message"]).execute();

  it("keeps the message for the shop, from anyone", async () => {
    const sent = await sendContactMessage(shop.as(), message);
    expect(sent).toEqual({ id: expect.any(String), createdAt: expect.any(String) });
    expect(await stored()).toEqual([
      { name: "Ada Lovelace", email: "ada@example.com", phone: null, message: "Do you ship chairs to Scotland?" },
    ]);
  });

  it("stores nothing when a field is bad", async () => {
    await expect(sendContactMessage(shop.as(), { ...message, email: "" })).rejects.toMatchObject({
      code: "validation_failed",
    });
    expect(await stored()).toEqual([]);
  });

  it("limits each client address to a few messages in a while", async () => {
    const { max } = LIMITS.contactMessages;
    for (let i = 0; i < max; i++) await sendContactMessage(shop.as(), message);
    const refused = await sendContactMessage(shop.as(), message).catch((e) => e);
    expect(refused).toBeInstanceOf(RateLimited);
    expect(refused).toMatchObject({ code: "rate_limited", status: 429 });
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(LIMITS.contactMessages.windowMs / 1000);
    await sendContactMessage(shop.as(undefined, { clientIp: "198.51.100.1" }), message);
    expect(await stored()).toHaveLength(max + 1);
  });

  it("does not limit when the shop turns rate limits off", async () => {
    const ctx = shop.as(undefined, { shop: { ...testShopSettings, rateLimits: false } });
    for (let i = 0; i <= LIMITS.contactMessages.max; i++) await sendContactMessage(ctx, message);
    expect(await stored()).toHaveLength(LIMITS.contactMessages.max + 1);
  });
});
