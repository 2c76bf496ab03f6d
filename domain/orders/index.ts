/** Orders: placing them, the life cycle (Pending → Shipped or Cancelled), who may see and change them. */
export type { OrderLine, OrderRecord as Order } from "./repository.ts";
export {
  checkoutInput,
  MAX_LINE_QUANTITY,
  MAX_ORDER_TOTAL_CENTS,
  type OrderInput,
  orderInput,
  orderListQuery,
  orderStatusInput,
  requestKeySchema,
  type ShippingInput,
  shippingInput,
} from "./schemas.ts";
export {
  cancelOrder,
  changeOrderStatus,
  checkout,
  clearOrders,
  countOrders,
  eraseOrder,
  findOrderForPayment,
  getOrder,
  importOrder,
  listAllOrders,
  listMyOrders,
  listOrdersOf,
  type NewOrder,
  payNow,
  placeOrder,
  shipOrder,
  type Withdrawal,
  withdrawOrder,
} from "./service.ts";
export { canTransition, isCancellable, ORDER_STATUSES, type OrderStatus } from "./status.ts";
