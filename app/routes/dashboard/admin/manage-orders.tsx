import { Form, Link } from "react-router";
import * as orders from "../../../../domain/orders/index.ts";
import { ORDER_STATUSES } from "../../../../domain/orders/status.ts";
import * as payments from "../../../../domain/payments/index.ts";
import { PAYMENT_STATUS_LABELS } from "../../../../domain/payments/labels.ts";
import { DomainError } from "../../../../domain/shared/errors.ts";
import { formatPrice } from "../../../../domain/shared/money.ts";
import { pageCount } from "../../../../domain/shared/pagination.ts";
import { formText } from "../../../../server/http/forms.ts";
import { CancelOrderButton } from "../../../components/CancelOrderButton.tsx";
import { ConfirmForm } from "../../../components/ConfirmForm.tsx";
import { FilterLinks } from "../../../components/FilterLinks.tsx";
import { CloseIcon } from "../../../components/Icons.tsx";
import { OrderStatusBadge } from "../../../components/OrderStatusBadge.tsx";
import { Pagination } from "../../../components/Pagination.tsx";
import { PaymentStatusBadge } from "../../../components/PaymentStatusBadge.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { cancelOrderAsAdmin, eraseOrderAsAdmin } from "../../../lib/cancel-order.server.ts";
import { handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { listPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/manage-orders";

const PAGE_SIZE = 20;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Manage All Orders", description: "Every order in the shop." });
}

const FILTER_PARAMS = ["q", "status", "payment", "from", "to"] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const page = listPage(request, PAGE_SIZE);
  const params = new URL(request.url).searchParams;
  const filters = Object.fromEntries(FILTER_PARAMS.map((k) => [k, params.get(k)?.trim() ?? ""])) as Record<
    (typeof FILTER_PARAMS)[number],
    string
  >;
  let problem: string | null = null;
  let result: Awaited<ReturnType<typeof orders.listAllOrders>>;
  try {
    result = await orders.listAllOrders(ctx, { ...filters, limit: page.limit, offset: page.offset });
  } catch (e) {
    if (!(e instanceof DomainError) || e.code !== "bad_request") throw e;
    // a hand-edited address: say what is wrong and show every order
    problem = Object.values(e.fields ?? {}).join(" ") || e.message;
    result = await orders.listAllOrders(ctx, { limit: page.limit, offset: page.offset });
  }
  const exportParams = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== "" && !problem));
  const paymentLabel = await payments.orderPaymentLabeller(ctx);
  return {
    orders: result.items.map((o) => ({
      ...o,
      paymentLabel: paymentLabel(o),
      cancellable: orders.isCancellable(o.status),
      refundsOnCancel: payments.refundsOnCancel(o),
      paidBackByHand: payments.paidBackByHand(o),
    })),
    total: result.total,
    page: page.page,
    pageCount: pageCount(result.total, PAGE_SIZE),
    status: problem ? "" : filters.status,
    filters,
    problem,
    csvHref: `/api/admin/orders.csv${exportParams.size ? `?${exportParams}` : ""}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return handleForm(request, {
    run: async (values) => {
      const intent = formText(values, "intent");
      if (intent === "ship-selected") {
        const results = await orders.shipOrders(ctx, { orderIds: values.orderIds ?? [] });
        const shipped = results.filter((r) => r.outcome === "shipped").length;
        const others = results.filter((r) => r.outcome !== "shipped").map((r) => r.message);
        const head = shipped === 1 ? "Shipped 1 order." : `Shipped ${shipped} orders.`;
        return { message: [head, ...others].join(" ") };
      }
      const id = formText(values, "orderId");
      if (intent === "delete") return eraseOrderAsAdmin(ctx, id);
      if (intent === "cancel") return cancelOrderAsAdmin(ctx, id);
      return { message: "Updated!", ...(await orders.shipOrder(ctx, id)) };
    },
    success: (result) => result.message,
  });
}

const cell =
  "px-3 py-2 align-middle max-md:flex max-md:justify-between max-md:gap-4 max-md:px-0 max-md:py-1 max-md:before:font-semibold max-md:before:text-ink-600 max-md:before:content-[attr(data-label)]";

export default function ManageOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders: list, total, page, pageCount, status, filters, problem, csvHref } = loaderData;
  return (
    <div>
      <h1 className="section-title">All Order</h1>
      <Toast toast={toastFor(actionData)} />
      <Form
        method="get"
        role="search"
        aria-label="Find orders"
        className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-5"
      >
        {status && <input type="hidden" name="status" value={status} />}
        <label className="flex flex-col gap-1 text-sm font-medium text-ink-700 lg:col-span-2">
          Order number, email or name
          <input type="search" name="q" defaultValue={filters.q} className="input" maxLength={254} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink-700">
          Payment
          <select name="payment" defaultValue={filters.payment} className="input">
            <option value="">Any</option>
            {Object.entries(PAYMENT_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink-700">
          Placed from
          <input type="date" name="from" defaultValue={filters.from} className="input" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium text-ink-700">
          Placed until
          <input type="date" name="to" defaultValue={filters.to} className="input" />
        </label>
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-5">
          <button type="submit" className="btn-accent px-4 py-2 text-sm">
            Find orders
          </button>
          <Link to="." className="text-sm font-medium text-ink-700 underline">
            Clear
          </Link>
          <a href={csvHref} className="text-sm font-medium text-ink-700 underline" download>
            Download CSV
          </a>
        </div>
      </Form>
      {problem && (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <FilterLinks
          param="status"
          current={status}
          label="Filter orders by status"
          options={[{ value: "", label: "All" }, ...ORDER_STATUSES.map((s) => ({ value: s, label: s }))]}
        />
        <p className="text-sm text-ink-600">{total === 1 ? "1 order" : `${total} orders`}</p>
      </div>
      {list.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-ink-300 p-10 text-center text-ink-700">
          No orders here yet.
        </p>
      ) : (
        <>
          <Form method="post" id="ship-selected" preventScrollReset className="mt-4">
            <input type="hidden" name="intent" value="ship-selected" />
            <button type="submit" className="btn-secondary px-3 py-1.5 text-sm">
              Ship selected orders
            </button>
          </Form>
          {/* eleven columns are wider than the page beside the menu: the table scrolls, not the page (relative: its
              visually hidden labels, positioned absolutely, would otherwise widen the page) */}
          <div className="relative mt-4 md:overflow-x-auto">
            <table className="w-full text-left text-sm max-md:block">
              <thead className="border-b border-ink-200 text-ink-600 max-md:sr-only">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Select
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Order
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Customer
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Product
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Price
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Email
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Address
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Phone
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Payment
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Cancel</span>
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">Delete</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:block max-md:space-y-3">
                {list.map((o) => (
                  <tr
                    key={o.id}
                    data-testid="admin-order"
                    className="border-b border-ink-100 max-md:block max-md:rounded-2xl max-md:border max-md:p-4"
                  >
                    <td className={cell} data-label="Select">
                      <input
                        type="checkbox"
                        name="orderIds"
                        value={o.id}
                        form="ship-selected"
                        disabled={o.status !== "Pending"}
                        aria-label={`Select order ${o.orderNumber}`}
                        className="h-5 w-5"
                      />
                    </td>
                    <td className={cell} data-label="Order">
                      <Link
                        to={`/dashboard/orders/${o.id}`}
                        className="font-medium underline"
                        aria-label={`Order ${o.orderNumber}`}
                      >
                        {o.orderNumber}
                      </Link>
                    </td>
                    <td className={cell} data-label="Customer">
                      {o.fullName}
                    </td>
                    <td className={cell} data-label="Product">
                      <ul>
                        {o.lines.map((l, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a line's position is its identity within the order
                          <li key={i}>
                            {l.title}
                            {l.variantTitle && <span className="text-ink-600"> · {l.variantTitle}</span>}
                            {l.quantity > 1 && <span className="text-ink-600"> × {l.quantity}</span>}
                          </li>
                        ))}
                      </ul>
                    </td>
                    <td className={cell} data-label="Price">
                      {formatPrice(o.totalCents)}
                    </td>
                    <td className={`${cell} break-all`} data-label="Email">
                      {o.userEmail}
                    </td>
                    <td className={cell} data-label="Address">{`${o.address}, ${o.city}, ${o.state}`}</td>
                    <td className={cell} data-label="Phone">
                      {o.phone}
                    </td>
                    <td className={cell} data-label="Status">
                      {o.status === "Pending" ? (
                        <Form method="post" preventScrollReset>
                          <input type="hidden" name="orderId" value={o.id} />
                          <input type="hidden" name="intent" value="ship" />
                          <button
                            type="submit"
                            className="btn-accent px-3 py-1.5 text-sm"
                            aria-label={`Approve order ${o.orderNumber}`}
                            disabled={o.paymentMethod === "stripe" && o.paymentStatus !== "paid"}
                          >
                            Approve
                          </button>
                        </Form>
                      ) : (
                        <OrderStatusBadge status={o.status} />
                      )}
                    </td>
                    <td className={cell} data-label="Payment">
                      <PaymentStatusBadge status={o.paymentStatus} />
                      <span className="sr-only"> ({o.paymentLabel})</span>
                    </td>
                    <td className={`${cell} ${o.cancellable ? "" : "max-md:hidden"}`} data-label="Cancel">
                      {o.cancellable && (
                        <CancelOrderButton
                          order={o}
                          fields={{ orderId: o.id }}
                          buttonClass="btn-secondary px-3 py-1.5 text-sm"
                        >
                          Cancel
                        </CancelOrderButton>
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
          </div>
        </>
      )}
      <Pagination page={page} pageCount={pageCount} label="Order pages" />
    </div>
  );
}
