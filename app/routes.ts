import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

/**
 * The route table, written out: it keeps the original shop's URLs (`/product`, `/buyProducts/:id`, `/mywishlists`, …)
 * so that old links and bookmarks still work.
 */
export default [
  index("routes/home.tsx", { id: "landing" }),
  route("home", "routes/home.tsx", { id: "home" }),
  route("product", "routes/catalogue.tsx"),
  route("product/:productId", "routes/product.tsx"),
  route("buyProducts/:productId", "routes/buy-product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("checkout", "routes/checkout.tsx"),
  route("checkout/success", "routes/checkout-success.tsx"),
  route("checkout/cancel", "routes/checkout-cancel.tsx"),
  route("login", "routes/login.tsx"),
  route("register", "routes/register.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx", { id: "reset-password" }),
  route("reset-password/:token", "routes/reset-password.tsx", { id: "reset-password-token" }),
  route("email-verified", "routes/email-verified.tsx"),
  route("mywishlists", "routes/wishlist.tsx"),
  route("dashboard", "routes/dashboard/layout.tsx", [
    index("routes/dashboard/home.tsx"),
    route("myorders", "routes/dashboard/my-orders.tsx"),
    route("addreview", "routes/dashboard/add-review.tsx"),
    route("payment", "routes/dashboard/payment.tsx"),
    layout("routes/dashboard/admin/guard.tsx", [
      route("manageorders", "routes/dashboard/admin/manage-orders.tsx"),
      route("orders", "routes/dashboard/admin/manage-orders.tsx", { id: "orders" }),
      route("orders/:orderId", "routes/dashboard/admin/order-detail.tsx"),
      route("customers", "routes/dashboard/admin/customers.tsx"),
      route("customers/:customerId", "routes/dashboard/admin/customer-detail.tsx"),
      route("audit", "routes/dashboard/admin/audit.tsx"),
      route("manageallproducts", "routes/dashboard/admin/manage-products.tsx"),
      route("addnewproduct", "routes/dashboard/admin/add-product.tsx"),
      route("reviews", "routes/dashboard/admin/reviews.tsx"),
      route("makeadmin", "routes/dashboard/admin/make-admin.tsx"),
      route("mail", "routes/dashboard/admin/mail.tsx"),
      route("mail/:mailId", "routes/dashboard/admin/mail-message.tsx"),
    ]),
  ]),
  route("about", "routes/about.tsx"),
  route("blogs", "routes/blogs.tsx"),
  route("blogs/:slug", "routes/blog-article.tsx"),
  route("contact", "routes/contact.tsx"),
  route("storeLocation", "routes/store-locations.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
