import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table, written out: it mirrors the spec's route list. */
export default [
  index("routes/home.tsx", { id: "landing" }),
  route("home", "routes/home.tsx", { id: "home" }),
  route("product", "routes/catalogue.tsx"),
  route("product/:productId", "routes/product.tsx"),
  route("logout", "routes/logout.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
