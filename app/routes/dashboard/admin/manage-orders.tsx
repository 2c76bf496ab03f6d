import { Form } from "react-router";
import * as orders from "../../../../domain/orders/index.ts";
import { formatPrice } from "../../../../domain/shared/money.ts";
import { ConfirmForm } from "../../../components/ConfirmForm.tsx";
import { CloseIcon } from "../../../components/Icons.tsx";
import { OrderStatusBadge } from "../../../components/OrderStatusBadge.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { FilterLinks } from "../../../components/FilterLinks.tsx";
import { Toast } from "../../../components/Toast.tsx";
import { pageParam, toastAction } from "../../../lib/admin-action.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { requireAdminPage, shop } from "../../../lib/request.server.ts";
import type { Route } from "./+types/manage-orders";

const PAGE_SIZE = 20;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Manage All Orders", description: "Every order in the shop." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireAdminPage(context, request);
  const page = pageParam(request);
  const status = new URL(request.url).searchParams.get("status") ?? "";
  const valid = (orders.ORDER_STATUSES as readonly string[]).includes(status) ? status : undefined;
  const { items, total } = await orders.listAllOrders(shop(context).deps, actor, { status: valid, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return { orders: items, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)), status: valid ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireAdminPage(context, request);
  const form = await request.formData();
  const id = String(form.get("orderId") ?? "");
  const { deps } = shop(context);
  if (form.get("intent") === "delete") return toastAction("Deleted!", () => orders.deleteOrder(deps, actor, id));
  return toastAction("Updated!", () => orders.changeOrderStatus(deps, actor, id, { status: "Shipped" }));
}

const cell = "px-3 py-2 align-middle max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:before:font-semibold max-md:before:text-ink-600 max-md:before:content-[attr(data-label)]";

export default function ManageOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders: list, total, page, pageCount, status } = loaderData;
  return (
    <div>
      <h1 className="section-title">All Order</h1>
      <Toast toast={actionData?.toast} />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <FilterLinks
          param="status"
          current={status}
          label="Filter orders by status"
          options={[{ value: "", label: "All" }, ...orders.ORDER_STATUSES.map((s) => ({ value: s, label: s }))]}
        />
        <p className="text-sm text-ink-600">{total === 1 ? "1 order" : `${total} orders`}</p>
      </div>
      {list.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center text-ink-700">No orders here yet.</p>
      ) : (
        <table className="mt-4 w-full text-left text-sm max-md:block">
          <thead className="border-b border-ink-200 text-ink-600 max-md:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">Customer</th>
              <th scope="col" className="px-3 py-2 font-semibold">Product</th>
              <th scope="col" className="px-3 py-2 font-semibold">Price</th>
              <th scope="col" className="px-3 py-2 font-semibold">Email</th>
              <th scope="col" className="px-3 py-2 font-semibold">Address</th>
              <th scope="col" className="px-3 py-2 font-semibold">Phone</th>
              <th scope="col" className="px-3 py-2 font-semibold">Status</th>
              <th scope="col" className="px-3 py-2 font-semibold"><span className="sr-only">Delete</span></th>
            </tr>
          </thead>
          <tbody className="max-md:block max-md:space-y-3">
            {list.map((o) => (
              <tr key={o.id} data-testid="admin-order" className="border-b border-ink-100 max-md:block max-md:rounded-2xl max-md:border max-md:p-4">
                <td className={cell} data-label="Customer">{o.fullName}</td>
                <td className={cell} data-label="Product">{o.lines[0]?.title}</td>
                <td className={cell} data-label="Price">{formatPrice(o.totalCents)}</td>
                <td className={`${cell} break-all`} data-label="Email">{o.userEmail}</td>
                <td className={cell} data-label="Address">{`${o.address}, ${o.city}, ${o.state}`}</td>
                <td className={cell} data-label="Phone">{o.phone}</td>
                <td className={cell} data-label="Status">
                  {o.status === "Pending" ? (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name="orderId" value={o.id} />
                      <input type="hidden" name="intent" value="ship" />
                      <button type="submit" className="btn-accent px-3 py-1.5 text-sm" aria-label={`Approve order ${o.orderNumber}`}>
                        Approve
                      </button>
                    </Form>
                  ) : (
                    <OrderStatusBadge status={o.status} />
                  )}
                </td>
                <td className={cell} data-label="Delete">
                  <ConfirmForm
                    question="Are you sure to delete this order?"
                    fields={{ orderId: o.id, intent: "delete" }}
                    buttonClass="rounded-full p-2 text-ink-600 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-accent-600"
                    buttonLabel={`Delete order ${o.orderNumber}`}
                  >
                    <CloseIcon />
                  </ConfirmForm>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pagination page={page} pageCount={pageCount} label="Order pages" />
    </div>
  );
}
