import * as reviews from "../../../../domain/reviews/index.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { formText } from "../../../../server/http/forms.ts";
import { ConfirmForm } from "../../../components/ConfirmForm.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { Stars } from "../../../components/StarRating.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { listPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/reviews";

const PAGE_SIZE = 24;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "All Customer Reviews", description: "What customers wrote." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const page = listPage(request, PAGE_SIZE);
  const { items, total } = await reviews.listReviews(ctx, { limit: page.limit, offset: page.offset });
  return { reviews: items, page: page.page, pageCount: pageCount(total, PAGE_SIZE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: (values) => reviews.deleteReview(ctx, formText(values, "reviewId")),
    success: "Deleted!",
  });
}

export default function AllReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews: list, page, pageCount } = loaderData;
  return (
    <div>
      <h1 className="section-title">All Customer Review</h1>
      <Toast toast={toastFor(actionData)} />
      {list.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center text-ink-700">
          No reviews yet.
        </p>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {list.map((r) => (
            <li
              key={r.id}
              className="flex flex-col rounded-2xl border border-ink-100 bg-white p-5 shadow-sm"
              data-testid="admin-review"
            >
              <Stars rating={r.rating} />
              <p className="mt-3 flex-1 text-ink-800">{r.description}</p>
              <div className="mt-4 flex items-end justify-between gap-3">
                <p className="text-sm">
                  <span className="block font-semibold text-ink-900">{r.name}</span>
                  <span className="break-all text-ink-600">{r.email}</span>
                </p>
                <ConfirmForm
                  question="Are you sure to delete this review?"
                  fields={{ reviewId: r.id }}
                  buttonClass="btn-secondary px-3 py-1.5 text-sm text-red-800"
                  buttonLabel={`Delete the review by ${r.name}`}
                >
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
