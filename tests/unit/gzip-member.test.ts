/**
 * gzip through one kept compressor (server/http/gzip-member.ts): every body comes out as a gzip member
 * of its own, which any gzip decoder reads alone, whatever was compressed before it or at the same time.
 */
import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { GzipMembers } from "../../server/http/gzip-member.ts";

const members = new GzipMembers();
afterAll(() => members.close());

const json = (n: number, seed: string) =>
  Buffer.from(
    JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: `${seed}-${i}`, title: `Lamp ${seed} ${i}` }))),
  );

describe("GzipMembers", () => {
  it("makes each body a gzip member that decodes alone to the body, about as small as gzipSync's", async () => {
    const bodies = [
      Buffer.alloc(0),
      Buffer.from("x"),
      json(5, "a"),
      json(200, "b"),
      randomBytes(70_000),
      json(40_000, "c"),
    ];
    for (const body of bodies) {
      const member = await members.compress(body);
      expect(member.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 8]));
      expect(gunzipSync(member).equals(body), `${body.length} bytes`).toBe(true);
      expect(member.length).toBeLessThanOrEqual(gzipSync(body).length * 1.01 + 16);
    }
  });

  it("refers to nothing compressed before: the same body after a similar one comes out the same", async () => {
    const body = json(300, "same");
    const alone = await members.compress(body);
    await members.compress(json(300, "same")); // the same text just before: a shared history would shorten it
    expect((await members.compress(body)).equals(alone)).toBe(true);
  });

  it("still answers every body when the kept stream breaks in the middle of one, and carries on after", async () => {
    const own = new GzipMembers();
    const bodies = Array.from({ length: 6 }, (_, i) => json(400 + i, `b${i}`));
    const made = bodies.map((body) => own.compress(body));
    own.close(); // the stream goes while the first body is in it
    for (const [i, member] of (await Promise.all(made)).entries()) {
      expect(gunzipSync(member).equals(bodies[i]), `body ${i}`).toBe(true);
    }
    const after = json(50, "after");
    expect(gunzipSync(await own.compress(after)).equals(after)).toBe(true);
    own.close();
  });

  it("compresses a large body on its own, beside the queue", async () => {
    const large = json(20_000, "large");
    expect(large.length).toBeGreaterThan(256 * 1024);
    expect(gunzipSync(await members.compress(large)).equals(large)).toBe(true);
  });

  it("keeps bodies apart when many are compressed at once", async () => {
    const bodies = Array.from({ length: 40 }, (_, i) => json(50 + i * 37, `n${i}`));
    const made = await Promise.all(bodies.map((body) => members.compress(body)));
    for (const [i, member] of made.entries()) expect(gunzipSync(member).equals(bodies[i]), `body ${i}`).toBe(true);
  });
});
