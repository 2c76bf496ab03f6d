/** Stock on hand per variant: taken by orders in their transaction, given back by cancellations. */
export {
  type InventoryRow,
  inventoryQuery,
  LOW_STOCK_THRESHOLD,
  type LowStockVariant,
  listInventory,
  lowStockVariants,
  OutOfStock,
  returnStock,
  type Shortage,
  type StockMove,
  setTypedStock,
  stockKeepingBoth,
  stockTyped,
  takeStock,
} from "./service.ts";
