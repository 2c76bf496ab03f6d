import { scrypt, timingSafeEqual } from "node:crypto";

/**
 * Better Auth's password hashes (scrypt, N 16384, r 16, p 1, 64 bytes; stored as `salt:key` in
 * hex, the salt's hex text being the scrypt salt), computed by Node's native scrypt on the thread
 * pool instead of Better Auth's JavaScript one: the same hashes, several times faster, and off the
 * event loop, so that a sign-in or the demo accounts of a first start do not hold other requests.
 * Hashes written either way verify either way (tests/integration/password-hash.test.ts).
 */
export type ScryptCost = { N: number; r: number; p: number };

/** What every shop uses: Better Auth's own cost (about 170 ms of CPU a hash on a 2-core test machine). */
export const STANDARD_COST: ScryptCost = { N: 16_384, r: 16, p: 1 };

const KEY_LENGTH = 64;

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};

/**
 * Hashing at a cost: the standard one unless the caller names another. Only the integration tests'
 * shops do (tests/support/shop.ts), through an argument of `createServices` that no configuration
 * or environment variable reaches.
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
