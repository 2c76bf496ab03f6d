import { describe, expect, it } from "vitest";
import { imageFileKey, imageUrls, MEDIA_PATH } from "./urls.ts";

describe("image URLs", () => {
  it("are the shop's own /media paths by default", () => {
    const urls = imageUrls();
    expect(urls.url("products/abc")).toBe(`${MEDIA_PATH}/products/abc-480.webp`);
    expect(urls.srcSet("products/abc")).toBe("/media/products/abc-480.webp 480w, /media/products/abc-1200.webp 1200w");
  });

  it("sit under a CDN's base when one is given, with or without a trailing slash", () => {
    for (const base of ["https://cdn.example.com/shop", "https://cdn.example.com/shop/"]) {
      expect(imageUrls(base).url("blog/x", 1200)).toBe("https://cdn.example.com/shop/blog/x-1200.webp");
    }
  });

  it("name one stored object per width", () => {
    expect(imageFileKey("products/abc", 1200)).toBe("products/abc-1200.webp");
  });
});
