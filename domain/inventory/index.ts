/** Stock on hand per variant: taken by orders in their transaction, given back by cancellations. */
export {
  LOW_STOCK_THRESHOLD,
  type LowStockVariant,
  lowStockVariants,
  OutOfStock,
  returnStock,
  type Shortage,
  type StockMove,
  setStock,
  takeStock,
} from "./service.ts";
