import { Outlet } from "react-router";
import { adminOnly } from "../../../lib/guards.server.ts";
import type { Route } from "./+types/guard";

/** Every page under here is for admins; anyone else is sent to sign in (checked on the server). */
export const middleware: Route.MiddlewareFunction[] = [adminOnly];

export default function AdminPages() {
  return <Outlet />;
}
