import { scrypt, timingSafeEqual } from "node:crypto";

export type ScryptCost = { readonly N: number; readonly r: number; readonly p: number };

/** What every shop uses: Better Auth's own cost (about 170 ms of CPU a hash on a 2-core test machine). */
export const STANDARD_COST: ScryptCost = Object.freeze({ N: 16_384, r: 16, p: 1 });

const KEY_LENGTH = 64;

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};

/**
 * Better Auth's password hashes (scrypt, 64 bytes, stored as `salt:key` in hex, the salt's hex text
 * being the scrypt salt), on Node's scrypt on the thread pool, off the event loop, so that a sign-in
 * or the demo accounts of a first start do not hold other requests; compared in constant time.
 * Hashes written by Better Auth's own code verify here and the other way round
 * (tests/integration/password-hash.test.ts).
 *
 * At the standard cost unless the caller names another. Only the shops of `createTestShop` do
 * (tests/support/shop.ts), through an argument of `createServices` that no configuration or
 * environment variable reaches (decision 038).
 */
export function passwordHasher({ N, r, p }: ScryptCost = STANDARD_COST): PasswordHasher {
  const derive = (password: string, salt: string) =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 }, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    );
  return {
    hash: async (password) => {
      const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
      return `${salt}:${(await derive(password, salt)).toString("hex")}`;
    },
    verify: async ({ hash, password }) => {
      const [salt, key] = hash.split(":");
      if (!salt || !key) throw new Error("Invalid password hash");
      const expected = Buffer.from(key, "hex");
      const actual = await derive(password, salt);
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

const standard = passwordHasher();
export const hashPassword = standard.hash;
export const verifyPassword = standard.verify;
