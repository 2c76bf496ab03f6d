import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/payment";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Payment", description: "Payment methods." });
}

export default function Payment() {
  return (
    <div>
      <h1 className="section-title">Payment</h1>
      <p role="status" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-6 font-semibold text-amber-900">
        Coming soon: paying online from your account is on its way.
      </p>
    </div>
  );
}
