import type { Role } from "../domain/shared/actor.ts";

/** Demo mode only: accounts whose credentials the login page shows. Never created in a real shop. */
export const DEMO_ACCOUNTS: { email: string; password: string; name: string; role: Role }[] = [
  { email: "admin@demo.vitrine.test", password: "demo-admin-1234", name: "Demo Admin", role: "admin" },
  { email: "customer@demo.vitrine.test", password: "demo-customer-1234", name: "Demo Customer", role: "user" },
];
