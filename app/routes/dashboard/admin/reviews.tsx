import * as reviews from "../../../../domain/reviews/index.ts";
import { ConfirmForm } from "../../../components/ConfirmForm.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { Stars } from "../../../components/StarRating.tsx";
import { Toast } from "../../../components/Toast.tsx";
import { pageParam, toastAction } from "../../../lib/admin-action.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { requireAdminPage, shop } from "../../../lib/request.server.ts";
import type { Route } from "./+types/reviews";

const PAGE_SIZE = 24;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "All Customer Reviews", description: "What customers wrote." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdminPage(context, request);
  const page = pageParam(request);
  const { items, total } = await reviews.listReviews(shop(context).deps, actor, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { reviews: items, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdminPage(context, request);
  const form = await request.formData();
  return toastAction("Deleted!", () => reviews.deleteReview(shop(context).deps, actor, String(form.get("reviewId") ?? "")));
}

export default function AllReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews: list, page, pageCount } = loaderData;
  return (
    <div>
      <h1 className="section-title">All Customer Review</h1>
      <Toast toast={actionData?.toast} />
      {list.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center text-ink-700">No reviews yet.</p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {list.map((r) => (
            <li key={r.id} className="flex flex-col rounded-2xl border border-ink-100 bg-white p-5 shadow-sm" data-testid="admin-review">
              <Stars rating={r.rating} />
              <p className="mt-3 flex-1 text-ink-800">{r.description}</p>
              <div className="mt-4 flex items-end justify-between gap-3">
                <p className="text-sm">
                  <span className="block font-semibold text-ink-900">{r.name}</span>
                  <span className="break-all text-ink-600">{r.email}</span>
                </p>
                <ConfirmForm question="Are you sure to delete this review?" fields={{ reviewId: r.id }} buttonClass="btn-secondary px-3 py-1.5 text-sm text-red-800" buttonLabel={`Delete the review by ${r.name}`}>
                  Delete
                </ConfirmForm>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} label="Review pages" />
    </div>
  );
}
