import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as editorAction, loader as editorLoader } from "../../app/routes/dashboard/admin/help-page-editor.tsx";
import { loader as helpPageLoader } from "../../app/routes/help-page.tsx";
import { loader as sitemapLoader } from "../../app/routes/sitemap.ts";
import { HELP_PAGE_MAX_LENGTH } from "../../domain/content/index.ts";
import { type Client, createTestShop, pageContext, TEST_ORIGIN, type TestShop } from "../support/shop.ts";

let shop: TestShop;
let admin: Client;
beforeAll(async () => {
  shop = await createTestShop();
  admin = await shop.admin();
});
afterAll(() => shop.close());

type Answer = {
  status: number;
  body: { ok: boolean; message: string; fields?: Record<string, string>; values?: Record<string, string> };
};

/** What a page's loader or action answered: its data and status, or the status it threw (404, a redirect). */
async function call(run: () => Promise<unknown>): Promise<Answer> {
  try {
    const answer = (await run()) as Answer["body"] | { data: Answer["body"]; init: ResponseInit | null };
    return "init" in answer ? { status: answer.init?.status ?? 200, body: answer.data } : { status: 200, body: answer };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, body: { ok: false, message: "" } };
    const status = (thrown as { init?: ResponseInit }).init?.status;
    if (status) return { status, body: { ok: false, message: "" } };
    throw thrown;
  }
}

async function args(
  client: Client | null,
  path: string,
  params: Record<string, string>,
  form?: Record<string, string>,
) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN };
  if (client?.cookie) headers.cookie = client.cookie;
  if (form) headers["content-type"] = "application/x-www-form-urlencoded";
  const request = new Request(`${TEST_ORIGIN}${path}`, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { request, params, context: await pageContext(shop, request) } as never;
}

const save = async (client: Client | null, slug: string, body: string) =>
  call(async () => editorAction(await args(client, `/dashboard/pages/${slug}`, { slug }, { body })));
const publicPage = async (slug: string) =>
  (await helpPageLoader(await args(null, `/help/${slug}`, { slug }))) as {
    title: string;
    blocks: unknown[];
    updatedAt: string | null;
  };
const auditFor = (slug: string) =>
  shop.db.selectFrom("audit_entry").select(["actor_email", "summary"]).where("target_id", "=", slug).execute();

describe("help pages", () => {
  it("the demo shop's pages are written; an admin rewrites one as headings, lists and paragraphs, with an audit entry", async () => {
    const seeded = await publicPage("returns");
    expect(seeded.title).toBe("Returns & Exchanges");
    expect(seeded.blocks.length).toBeGreaterThan(0);

    const text =
      "Send it back within 60 days.\r\n\r\n## How\r\n- Write to us\r\n- Post it\r\n\r\nWe refund\r\nin 14 days.";
    const saved = await save(admin, "returns", text);
    expect(saved).toMatchObject({ status: 200, body: { ok: true, message: "Saved. The page is live." } });
    const page = await publicPage("returns");
    expect(page.blocks).toEqual([
      { kind: "text", text: "Send it back within 60 days." },
      { kind: "heading", text: "How" },
      { kind: "list", items: ["Write to us", "Post it"] },
      { kind: "text", text: "We refund in 14 days." },
    ]);
    expect(page.updatedAt).toEqual(expect.any(String));
    expect(await auditFor("returns")).toEqual([
      { actor_email: admin.email, summary: expect.stringMatching(/^Rewrote the help page “Returns & Exchanges”/) },
    ]);
    // the same text again changes nothing and writes no second entry
    await save(admin, "returns", text);
    expect(await auditFor("returns")).toHaveLength(1);
  });

  it("an empty text takes a page down: it says so, is not indexed and leaves the sitemap", async () => {
    const inSitemap = async () =>
      (await ((await sitemapLoader(await args(null, "/sitemap.xml", {}))) as Response).text()).includes("/help/faqs<");
    expect(await inSitemap()).toBe(true);
    expect(await save(admin, "faqs", "  \n ")).toMatchObject({
      body: { ok: true, message: "Saved. The page is taken down." },
    });
    const page = await publicPage("faqs");
    expect(page).toMatchObject({ title: "FAQs", blocks: [], updatedAt: null });
    expect(await inSitemap()).toBe(false);
  });

  it("refuses control characters and a text over the limit beside the field, and changes nothing", async () => {
    const before = await publicPage("shipping");
    for (const [body, message] of [
      ["Ships fast\u0007", /not allowed/],
      ["Backwards \u202Etext", /not allowed/],
      ["x".repeat(HELP_PAGE_MAX_LENGTH + 1), /at most 20,000 characters/],
    ] as const) {
      const answer = await save(admin, "shipping", body);
      expect(answer.status).toBe(422);
      expect(answer.body.fields?.body).toMatch(message);
    }
    expect(await publicPage("shipping")).toEqual(before);
    // a long text refused for one character comes back whole, to be mended rather than typed again
    const long = `${"Parcels leave within two days. ".repeat(500)}\u0007`;
    const refused = await save(admin, "shipping", long);
    expect(refused.status).toBe(422);
    expect(refused.body.values?.body).toBe(long);
  });

  it("a save from a page opened before another save is refused, and the other text stays", async () => {
    const opened = async () =>
      (
        (await editorLoader(await args(admin, "/dashboard/pages/terms", { slug: "terms" }))) as {
          page: { updatedAt: string | null };
        }
      ).page.updatedAt ?? "";
    const tabA = await opened();
    const tabB = await opened();
    const saveFrom = async (editedFrom: string, body: string) =>
      call(async () =>
        editorAction(await args(admin, "/dashboard/pages/terms", { slug: "terms" }, { body, editedFrom })),
      );
    expect(await saveFrom(tabA, "Terms, as tab A wrote them.")).toMatchObject({ status: 200 });
    const stale = await saveFrom(tabB, "Terms, as tab B wrote them.");
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed after you opened it.*Nothing was saved/);
    expect((await publicPage("terms")).blocks).toEqual([{ kind: "text", text: "Terms, as tab A wrote them." }]);
    // taking a page down from an out-of-date page is refused too; from the page as it is, it is done
    expect((await saveFrom(tabB, "")).status).toBe(409);
    expect((await saveFrom(await opened(), "Terms, once more.")).status).toBe(200);
  });

  it("only admins write them: a customer and a visitor change nothing; an unknown page is not found", async () => {
    const before = await publicPage("terms");
    const customer = await shop.customer();
    for (const who of [customer, null]) {
      const answer = await save(who, "terms", "Everything is free.");
      expect(answer.status, who ? "customer" : "visitor").toBe(302);
    }
    expect(await publicPage("terms")).toEqual(before);
    expect(
      (await call(async () => helpPageLoader(await args(null, "/help/privacy", { slug: "privacy" })))).status,
    ).toBe(404);
    expect((await save(admin, "privacy", "A new page")).status).toBe(404);
    expect(
      (await call(async () => editorLoader(await args(customer, "/dashboard/pages/terms", { slug: "terms" })))).status,
    ).toBe(302);
  });
});
