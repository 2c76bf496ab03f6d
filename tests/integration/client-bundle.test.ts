import path from "node:path";
import { describe, expect, it } from "vitest";
import { serverOnlyReason } from "../../scripts/client-assets.ts";

const root = path.resolve("/shop");
const at = (p: string) => path.join(root, p);

describe("server-only code in the browser bundle (scripts/client-assets.ts)", () => {
  it("refuses server packages and the project's server-side modules", () => {
    for (const id of [
      "/shop/node_modules/zod/v4/core/core.js",
      "/elsewhere/node_modules/kysely/dist/esm/index.js",
      "/shop/node_modules/better-auth/dist/index.mjs",
      "/shop/node_modules/@aws-sdk/client-s3/dist-es/index.js",
      at("server/context.ts"),
      at("db/connection.ts"),
      at("seed/demo.ts"),
      at("app/lib/form.server.ts"),
      at("domain/catalog/index.ts"),
      at("domain/catalog/repository.ts"),
      at("domain/orders/service.ts"),
    ]) {
      expect(serverOnlyReason(id, root), id).toBeDefined();
    }
  });

  it("lets the framework, pages and pure domain helpers through", () => {
    for (const id of [
      "/shop/node_modules/react-dom/cjs/react-dom-client.production.js",
      "/shop/node_modules/react-router/dist/production/index.js",
      at("app/routes/product.tsx"),
      at("app/lib/images.ts"),
      at("domain/shared/money.ts"),
      at("domain/catalog/variant-choice.ts"),
      "\0rolldown/runtime.js",
    ]) {
      expect(serverOnlyReason(id, root), id).toBeUndefined();
    }
  });
});
