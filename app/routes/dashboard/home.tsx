import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Dashboard", description: "Your account." });
}

/** The dashboard home shows an image only. */
export default function DashboardHome() {
  return (
    <div>
      <h1 className="sr-only">Dashboard</h1>
      <img
        src="/images/dashboard.svg"
        alt="Shopping bags and parcels on their way"
        width={960}
        height={600}
        className="w-full rounded-2xl"
      />
    </div>
  );
}
