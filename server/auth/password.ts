import { scrypt, timingSafeEqual } from "node:crypto";

/**
 * Better Auth's password hashes (scrypt, N 16384, r 16, p 1, 64 bytes; stored as `salt:key` in
 * hex, the salt's hex text being the scrypt salt), computed by Node's native scrypt on the thread
 * pool instead of Better Auth's JavaScript one: the same hashes, several times faster, and off the
 * event loop, so that a sign-in or the demo accounts of a first start do not hold other requests.
 * Hashes written either way verify either way (tests/integration/password-hash.test.ts).
 */
const N = 16_384;
const R = 16;
const P = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r: R, p: P, maxmem: 128 * N * R * 2 }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("hex");
  return `${salt}:${(await derive(password, salt)).toString("hex")}`;
}

export async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(":");
  if (!salt || !key) throw new Error("Invalid password hash");
  const expected = Buffer.from(key, "hex");
  const actual = await derive(password, salt);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
