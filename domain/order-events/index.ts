/**
 * An order's history: every change of its status or payment status with who made it and when. Written
 * by the module that makes the change (orders, payments) inside its transaction; read with the order.
 * The module's only door.
 */
export {
  actorOf,
  deleteOrderEvents,
  listOrderEvents,
  type OrderEvent,
  type OrderEventActor,
  type OrderEventField,
  recordOrderEvent,
} from "./service.ts";
