import { describe, expect, it } from "vitest";
import { AUDIT_CHARS, type ImportedProduct, importAuditChanges, productAdded } from "./csv-audit.ts";

describe("importAuditChanges", () => {
  it("names the product by its title and a variant by its SKU, then the field", () => {
    const changes = importAuditChanges([
      {
        id: "p1",
        title: "Jeans",
        changes: [
          { field: "price", from: "89.00", to: "99.00" },
          { sku: "J-S", field: "stock", from: 4, to: 9 },
          { sku: "J-XL", from: null, to: "added: Size: XL, 99.00 (the product's), stock 2" },
        ],
      },
      { id: "p2", title: "Tee", changes: [{ from: null, to: productAdded("draft", 1990, ["T-1", "T-2"]) }] },
      // another product of the same title: told apart by its id
      { id: "p3", title: "Jeans", changes: [{ field: "status", from: "draft", to: "published" }] },
    ]);
    expect(changes).toEqual({
      "product “Jeans” price": { from: "89.00", to: "99.00" },
      "variant J-S stock": { from: 4, to: 9 },
      "variant J-XL": { from: null, to: "added: Size: XL, 99.00 (the product's), stock 2" },
      "product “Tee”": { from: null, to: "added as a draft at 19.90: T-1, T-2" },
      "product “Jeans” (p3) status": { from: "draft", to: "published" },
    });
  });

  it("stops after 50 products or its size in characters, and counts the rest", () => {
    const many: ImportedProduct[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: `p${i}`,
      title: `Product ${i}`,
      changes: [
        { field: "price", from: "1.00", to: "2.00" },
        { sku: `S-${i}`, field: "stock", from: 1, to: 2 },
      ],
    }));
    const changes = importAuditChanges(many);
    expect(Object.keys(changes)).toHaveLength(101);
    expect(changes["and more"]).toEqual({ from: null, to: "199,900 more changes to 99,950 products, not listed" });

    // one product with thousands of changes, each long: cut by size, within the product
    const big: ImportedProduct[] = [
      {
        id: "p",
        title: "x".repeat(200),
        changes: Array.from({ length: 5_000 }, (_, i) => ({
          sku: `S-${i}`,
          field: "desc",
          from: "a",
          to: "b".repeat(300),
        })),
      },
    ];
    const cut = importAuditChanges(big);
    expect(JSON.stringify(cut).length).toBeLessThan(AUDIT_CHARS + 200);
    expect(Object.keys(cut).length).toBeGreaterThan(50);
    expect(cut["and more"].to).toMatch(/^[\d,]+ more changes to 1 product, not listed$/);
  });

  it("names at most 20 SKUs of an added product", () => {
    const skus = Array.from({ length: 25 }, (_, i) => `N-${i}`);
    expect(productAdded("published", 500, skus)).toBe(
      `added and published at 5.00: ${skus.slice(0, 20).join(", ")} and 5 more`,
    );
  });
});
