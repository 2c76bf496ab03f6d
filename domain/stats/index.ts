/** The admin's dashboard figures: sales for today, 7 and 30 days, revenue per day, top products, low stock. */
export { type DashboardStats, getDashboardStats, type SalesPeriod, STATS_DAYS } from "./service.ts";
