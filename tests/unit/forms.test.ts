/** Reading a form (server/http/forms.ts): repeated fields become lists; a form of too many fields is refused. */
import { describe, expect, it } from "vitest";
import { DomainError } from "../../domain/shared/errors.ts";
import { MAX_FORM_FIELDS, readForm } from "../../server/http/forms.ts";

const post = (body: string) =>
  new Request("http://shop.test/contact", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body,
  });

describe("readForm", () => {
  it("keeps every value of a field sent many times, in order", async () => {
    const body = Array.from({ length: 4_000 }, (_, i) => `size=${i}`).join("&");
    const { values } = await readForm(post(`name=Ada&${body}`));
    expect(values.name).toBe("Ada");
    expect(values.size).toHaveLength(4_000);
    expect((values.size as string[])[3_999]).toBe("3999");
  });

  it("refuses a form of more fields than any of the shop's with 413", async () => {
    const body = Array.from({ length: MAX_FORM_FIELDS + 1 }, () => "a=1").join("&");
    const error = await readForm(post(body)).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).status).toBe(413);
    await expect(readForm(post(Array.from({ length: MAX_FORM_FIELDS }, () => "a=1").join("&")))).resolves.toBeDefined();
  });
});
