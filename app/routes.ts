import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** The route table, written out: it mirrors the spec's route list. */
export default [
  index("routes/home.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
