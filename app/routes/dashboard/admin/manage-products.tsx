import { Link } from "react-router";
import * as catalog from "../../../../domain/catalog/index.ts";
import { imageUrl } from "../../../../domain/media/urls.ts";
import { formatPrice } from "../../../../domain/shared/money.ts";
import { ConfirmForm } from "../../../components/ConfirmForm.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { Toast } from "../../../components/Toast.tsx";
import { pageParam, toastAction } from "../../../lib/admin-action.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { requireAdminPage, shop } from "../../../lib/request.server.ts";
import type { Route } from "./+types/manage-products";

const PAGE_SIZE = 20;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Manage Products", description: "Every product in the catalogue." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(context, request);
  const page = pageParam(request);
  const { items, total } = await catalog.listProducts(shop(context).deps, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { products: items, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdminPage(context, request);
  const form = await request.formData();
  return toastAction("Deleted!", () => catalog.deleteProduct(shop(context).deps, actor, String(form.get("productId") ?? "")));
}

export default function ManageProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, total, page, pageCount } = loaderData;
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="section-title">All Product</h1>
        <Link to="/dashboard/addnewproduct" className="btn-primary text-sm">
          Add A Product
        </Link>
      </div>
      <Toast toast={actionData?.toast} />
      <p className="mt-2 text-sm text-ink-600">{total === 1 ? "1 product" : `${total} products`}</p>
      <ul className="mt-4 divide-y divide-ink-100 rounded-2xl border border-ink-100 bg-white">
        {products.map((p) => (
          <li key={p.id} className="flex items-center gap-4 p-3" data-testid="admin-product">
            <img src={imageUrl(p.imageKey)} alt="" width={64} height={64} loading="lazy" className="h-16 w-16 rounded-lg bg-ink-50 object-cover" />
            <div className="min-w-0 flex-1">
              <Link to={`/product/${p.id}`} className="font-semibold text-ink-900 hover:underline">
                {p.title}
              </Link>
              <p className="text-sm text-ink-700">{formatPrice(p.priceCents)}</p>
            </div>
            <ConfirmForm question="Are you sure to delete this product?" fields={{ productId: p.id }} buttonClass="btn-secondary px-3 py-1.5 text-sm text-red-800" buttonLabel={`Delete ${p.title}`}>
              Delete
            </ConfirmForm>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pageCount} label="Product pages" />
    </div>
  );
}
