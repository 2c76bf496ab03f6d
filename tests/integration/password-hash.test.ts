import os from "node:os";
import path from "node:path";
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, passwordHasher, verifyPassword } from "../../server/auth/password.ts";
import { loadConfig } from "../../server/config.ts";
import { createServices } from "../../server/services.ts";
import { createTestDatabase } from "../support/database.ts";
import { TEST_COST } from "../support/shop.ts";

// The shop hashes passwords with Node's native scrypt; accounts made before (by Better Auth's own
// hashing) must still sign in, and the other way round.
describe("password hashes", () => {
  const password = "correct horse battery staple ü";

  it("a hash Better Auth wrote verifies, and a wrong password does not", async () => {
    const hash = await betterAuthHash(password);
    expect(await verifyPassword({ hash, password })).toBe(true);
    expect(await verifyPassword({ hash, password: `${password}!` })).toBe(false);
  });

  it("a hash the shop writes has Better Auth's form and verifies with Better Auth's code", async () => {
    const hash = await hashPassword(password);
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await betterAuthVerify({ hash, password })).toBe(true);
    expect(await betterAuthVerify({ hash, password: "another password" })).toBe(false);
  });

  it("each hash has its own salt", async () => {
    expect(await hashPassword(password)).not.toBe(await hashPassword(password));
  });
});

// The integration tests' shops hash at a lower cost (tests/support/shop.ts); every other shop must not.
describe("the cost of a hash", () => {
  const password = "correct horse battery staple ü";

  it("a shop made without a cost stores hashes that Better Auth's own code verifies", async () => {
    const database = await createTestDatabase();
    const services = await createServices(
      loadConfig({
        NODE_ENV: "test",
        PUBLIC_URL: "http://localhost:3999",
        DATA_DIR: path.join(os.tmpdir(), "vitrine-test-data"),
        AUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
        SEED_ON_EMPTY: "false",
        LOG_LEVEL: "silent",
      }),
      { database: database.handle },
    );
    try {
      const email = `standard-cost-${Date.now()}@shop.test`;
      await services.auth.api.signUpEmail({ body: { email, password, name: "Standard Cost" } });
      const { password: stored } = await services.database.db
        .selectFrom("account as a")
        .innerJoin("user as u", "u.id", "a.userId")
        .select("a.password")
        .where("u.email", "=", email)
        .executeTakeFirstOrThrow();
      expect(await betterAuthVerify({ hash: String(stored), password })).toBe(true);
      expect(await passwordHasher(TEST_COST).verify({ hash: String(stored), password })).toBe(false);
    } finally {
      await services.stop();
      await database.drop();
    }
  });

  it("the tests' cost hashes and verifies, and its hashes do not verify at the standard cost", async () => {
    const cheap = passwordHasher(TEST_COST);
    const hash = await cheap.hash(password);
    expect(await cheap.verify({ hash, password })).toBe(true);
    expect(await cheap.verify({ hash, password: `${password}!` })).toBe(false);
    expect(await verifyPassword({ hash, password })).toBe(false);
  });
});
