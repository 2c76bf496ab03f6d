/**
 * Which page URLs take a form post, read from a React Router route table the way React Router routes
 * a post: to the index route only with `?index`, otherwise to the layout that holds it.
 */
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { pageActions } from "../../server/http/page-requests.ts";

const action = async () => null;
const route = (id: string, parentId: string | undefined, props: Record<string, unknown>, withAction = false) => ({
  id,
  parentId,
  ...props,
  module: withAction ? { action, default: () => null } : { default: () => null },
});

const build = {
  routes: {
    root: route("root", undefined, { path: "" }),
    "routes/dashboard/layout": route("routes/dashboard/layout", "root", { path: "dashboard" }, true),
    "routes/dashboard/home": route("routes/dashboard/home", "routes/dashboard/layout", { index: true }),
    "routes/dashboard/add-review": route(
      "routes/dashboard/add-review",
      "routes/dashboard/layout",
      { path: "addreview" },
      true,
    ),
    "routes/about": route("routes/about", "root", { path: "about" }),
  },
} as unknown as Pick<ServerBuild, "routes">;

describe("pageActions", () => {
  const hasAction = pageActions(build);

  it("sends a post to a layout's own URL to the layout (the dashboard banner's form)", () => {
    expect(hasAction("/dashboard")).toBe(true);
    expect(hasAction("/dashboard.data")).toBe(true);
  });

  it("sends a post with ?index to the index route, which has no action", () => {
    expect(hasAction("/dashboard", "?index")).toBe(false);
  });

  it("knows the pages with and without forms", () => {
    expect(hasAction("/dashboard/addreview")).toBe(true);
    expect(hasAction("/about")).toBe(false);
    expect(hasAction("/no/such/page")).toBe(false);
  });
});
