/** How many products some pages show at once (browser-safe; the end-to-end tests count on them too). */

/** Products in each of the landing page's two strips, Best Selling and then Featured Collection. */
export const HOME_STRIP_SIZE = 8;

/** Products per page on the admin's Manage Products list. */
export const MANAGE_PRODUCTS_PAGE_SIZE = 20;

/** Variants per page on the admin's Inventory page. */
export const INVENTORY_PAGE_SIZE = 50;
