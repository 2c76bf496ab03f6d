/** The admin's customer desk: accounts with their orders and what they spent; disabling and enabling accounts. */
export {
  type CustomerDetail,
  type CustomerRow,
  disableCustomer,
  enableCustomer,
  getCustomer,
  listCustomers,
} from "./service.ts";
