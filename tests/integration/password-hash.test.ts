import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "../../server/auth/password.ts";

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
