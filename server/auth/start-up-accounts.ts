import * as accounts from "../../domain/accounts/index.ts";
import { readSetting, writeSetting } from "../../domain/settings/index.ts";
import type { DataContext } from "../../domain/shared/context.ts";
import { DEMO_ACCOUNTS } from "../../seed/demo-accounts.ts";
import { type Config, StartupError } from "../config.ts";
import type { Logger } from "../logger.ts";
import type { Auth } from "./index.ts";

/** Which account SHOP_ADMIN_EMAIL created: only that one is trusted as the first admin without a takeover. */
const FIRST_ADMIN_SETTING = "first_admin_user_id";
const DEMO_LOCK_REASON = "Demo accounts are locked while demo mode is off.";

type Deps = { auth: Auth; ctx: DataContext; log: Logger };

/** The first admin and the demo accounts, as the configuration says they should be. */
export async function prepareAccounts(deps: Deps, config: Config): Promise<void> {
  if (config.admin) await ensureFirstAdmin(deps, config.admin);
  if (config.demoMode) await openDemoAccounts(deps);
  else await lockDemoAccounts(deps);
}

/**
 * SHOP_ADMIN_EMAIL names the shop's first admin. If that account does not exist, it is created with
 * SHOP_ADMIN_PASSWORD. If it exists but this mechanism did not create it, someone may have
 * registered the address before the operator started the shop: the shop takes it over (the
 * configured password replaces theirs, their sessions and other sign-in methods go) and says so.
 */
async function ensureFirstAdmin(
  { auth, ctx, log }: Deps,
  admin: { email: string; password: string | undefined },
): Promise<void> {
  const existing = await accounts.findSignInState(ctx, admin.email);
  if (!existing) {
    if (!admin.password) {
      throw new StartupError(
        `SHOP_ADMIN_EMAIL is ${admin.email}, which has no account yet: set SHOP_ADMIN_PASSWORD so that the shop can create it.`,
      );
    }
    const { user } = await auth.api.signUpEmail({
      body: { email: admin.email, password: admin.password, name: "Shop admin" },
    });
    await accounts.makeVerifiedAdmin(ctx, user.id);
    await writeSetting(ctx, FIRST_ADMIN_SETTING, user.id);
    log.info({ email: admin.email }, "created the shop admin account");
    return;
  }
  if ((await readSetting(ctx, FIRST_ADMIN_SETTING)) === existing.id) {
    if (existing.role !== "admin") await accounts.setRole(ctx, existing.id, "admin");
    // the operator's way back in: another admin may have disabled the first admin's account
    if (existing.banned) {
      await accounts.unlockAccount(ctx, existing.id);
      log.warn({ email: admin.email, reason: existing.banReason }, "enabled the shop admin's disabled account again");
    }
    return;
  }
  if (!admin.password) {
    throw new StartupError(
      `SHOP_ADMIN_EMAIL is ${admin.email}, an account this shop did not create (someone may have registered the address first): set SHOP_ADMIN_PASSWORD so that the shop can take it over safely.`,
    );
  }
  const hash = await (await auth.$context).password.hash(admin.password);
  await accounts.replaceCredentials(ctx, existing.id, hash);
  await accounts.makeVerifiedAdmin(ctx, existing.id);
  await writeSetting(ctx, FIRST_ADMIN_SETTING, existing.id);
  log.warn(
    { email: admin.email },
    "SHOP_ADMIN_EMAIL named an existing account this shop did not create: took it over as the shop admin (password set from SHOP_ADMIN_PASSWORD; its sessions and other sign-in methods were removed)",
  );
}

/** Demo mode: the demo accounts exist and can sign in. */
async function openDemoAccounts({ auth, ctx }: Deps): Promise<void> {
  // together: their passwords are hashed on the thread pool, side by side
  await Promise.all(DEMO_ACCOUNTS.map((account) => openDemoAccount({ auth, ctx }, account)));
}

async function openDemoAccount({ auth, ctx }: Pick<Deps, "auth" | "ctx">, account: (typeof DEMO_ACCOUNTS)[number]) {
  const existing = await accounts.findSignInState(ctx, account.email);
  if (!existing) {
    const { user } = await auth.api.signUpEmail({
      body: { email: account.email, password: account.password, name: account.name },
    });
    await accounts.setRole(ctx, user.id, account.role);
    // their addresses receive no mail: nothing to confirm
    await accounts.markEmailVerified(ctx, user.id);
  } else if (existing.banReason === DEMO_LOCK_REASON) {
    await accounts.unlockAccount(ctx, existing.id);
  }
}

/** Outside demo mode the demo accounts (their passwords are published) cannot sign in, and their sessions end. */
async function lockDemoAccounts({ ctx, log }: Deps): Promise<void> {
  const states = await Promise.all(DEMO_ACCOUNTS.map((a) => accounts.findSignInState(ctx, a.email)));
  const demo = states.filter((s) => s !== undefined);
  if (demo.length === 0) return;
  await accounts.lockAccounts(
    ctx,
    demo.map((s) => s.id),
    DEMO_LOCK_REASON,
  );
  if (demo.some((s) => !s.banned)) log.info("demo mode is off: locked the demo accounts");
}
