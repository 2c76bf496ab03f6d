import { Link } from "react-router";
import * as catalog from "../../../../domain/catalog/index.ts";
import { formatPrice } from "../../../../domain/shared/money.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { formText } from "../../../../server/http/forms.ts";
import { ConfirmForm } from "../../../components/ConfirmForm.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { useImageUrls } from "../../../lib/images.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { MANAGE_PRODUCTS_PAGE_SIZE } from "../../../lib/page-sizes.ts";
import { listPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/manage-products";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Manage Products", description: "Every product in the catalogue." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const page = listPage(request, MANAGE_PRODUCTS_PAGE_SIZE);
  const { items, total } = await catalog.listProducts(ctx, { limit: page.limit, offset: page.offset });
  return { products: items, total, page: page.page, pageCount: pageCount(total, MANAGE_PRODUCTS_PAGE_SIZE) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: (values) => catalog.deleteProduct(ctx, formText(values, "productId")),
    success: "Deleted!",
  });
}

export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  const images = useImageUrls();
  const { products, total, page, pageCount } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="section-title">All Product</h1>
        <Link to="/dashboard/addnewproduct" className="btn-primary text-sm">
          Add A Product
        </Link>
      </div>
      <Toast toast={toastFor(actionData)} />
      <p className="mt-2 text-sm text-ink-600">{total === 1 ? "1 product" : `${total} products`}</p>
      <ul className="mt-4 divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white">
        {products.map((p) => (
          <li key={p.id} className="flex items-center gap-4 p-3" data-testid="admin-product">
            <img
              src={images.url(p.imageKey)}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="h-16 w-16 rounded-lg bg-ink-50 object-cover"
            />
            <div className="min-w-0 flex-1">
              <Link to={`/product/${p.id}`} className="font-semibold text-ink-900 hover:underline">
                {p.title}
              </Link>
              <p className="text-sm text-ink-700">{formatPrice(p.priceCents)}</p>
            </div>
            <ConfirmForm
              question="Are you sure to delete this product?"
              fields={{ productId: p.id }}
              buttonClass="btn-secondary px-3 py-1.5 text-sm text-red-800"
              buttonLabel={`Delete ${p.title}`}
            >
              Delete
            </ConfirmForm>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} label="Product pages" />
    </div>
  );
}
