/**
 * The store of encoded answers (server/http/response-cache.ts): each compressed body is made when a
 * client first asks for that encoding, counted in the store's size from then on, and decodes to the
 * stored body.
 */
import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  chooseEncoding,
  encodeAnswer,
  encodingFor,
  plainBody,
  ResponseCache,
} from "../../server/http/response-cache.ts";

const json = (n: number) =>
  Buffer.from(JSON.stringify({ items: Array.from({ length: n }, (_, i) => ({ id: i, title: `Lamp ${i}` })) }));

describe("ResponseCache", () => {
  it("compresses an answer only in the encodings asked for, once each, keeps only the compressed copies, and counts that", async () => {
    const store = new ResponseCache(1024 * 1024);
    const body = json(2_000);
    const answer = encodeAnswer(1, 200, [["content-type", "application/json"]], body);
    expect(answer.length).toBeGreaterThan(32 * 1024);
    store.set("/a", answer);
    const before = store.bytes;
    expect(answer.compressed).toEqual({});

    const br = await chooseEncoding(answer, "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).equals(body)).toBe(true);
    expect(answer.compressed.gzip).toBeUndefined();
    // the plain body is let go once a compressed copy exists: the store counts the copy instead
    expect(answer.plain).toBeUndefined();
    expect(store.bytes).toBe(before - body.length + br.body.length);
    expect((await chooseEncoding(answer, "br")).body).toBe(br.body); // the same buffer: made once

    // another encoding, and a client that takes none, are made from the compressed copy
    const gzip = await chooseEncoding(answer, "gzip");
    expect(gunzipSync(gzip.body).equals(body)).toBe(true);
    expect(store.bytes).toBe(before - body.length + br.body.length + gzip.body.length);
    const plain = await chooseEncoding(answer, "identity");
    expect(plain.encoding).toBeNull();
    expect(plain.body.equals(body)).toBe(true);
    expect(plainBody(answer).equals(body)).toBe(true);

    store.delete("/a");
    expect(store.bytes).toBe(0);
  });

  it("compresses an answer once when several requests ask for it at the same moment", async () => {
    const store = new ResponseCache(1024 * 1024);
    const body = json(500);
    const answer = encodeAnswer(1, 200, [], body);
    store.set("/a", answer);
    const before = store.bytes;
    const sent = await Promise.all(Array.from({ length: 5 }, () => chooseEncoding(answer, "gzip")));
    for (const s of sent) expect(s.body).toBe(sent[0].body); // one buffer: made once
    expect(gunzipSync(sent[0].body).equals(body)).toBe(true);
    expect(store.bytes).toBe(before - body.length + sent[0].body.length);
  });

  it("keeps the plain body of an answer too small to compress", async () => {
    const tiny = encodeAnswer(1, 200, [], Buffer.from('{"items":[]}'));
    expect(await chooseEncoding(tiny, "gzip, br")).toMatchObject({ encoding: null });
    expect(tiny.plain?.toString()).toBe('{"items":[]}');
  });

  it("prefers gzip for bodies under 32 KiB (brotli's tables cost more than its few bytes save), brotli above", async () => {
    const smallBody = json(200);
    const small = encodeAnswer(1, 200, [], smallBody);
    expect(small.length).toBeLessThan(32 * 1024);
    expect((await chooseEncoding(small, "gzip, deflate, br, zstd")).encoding).toBe("gzip");
    expect(small.compressed.br).toBeUndefined();
    const onlyBrotli = await chooseEncoding(small, "br");
    expect(onlyBrotli.encoding).toBe("br"); // a client that takes brotli alone still gets it
    expect(brotliDecompressSync(onlyBrotli.body).equals(smallBody)).toBe(true);
    const large = encodeAnswer(1, 200, [], json(2_000));
    expect((await chooseEncoding(large, "gzip, deflate, br, zstd")).encoding).toBe("br");
    expect((await chooseEncoding(large, "gzip")).encoding).toBe("gzip");
  });

  it("prefers gzip at any size for a body made for one request, brotli only for a client that takes nothing else", async () => {
    const accept = "gzip, deflate, br, zstd";
    expect(encodingFor(100_000, accept)).toBe("br");
    expect(encodingFor(100_000, accept, "once")).toBe("gzip");
    expect(encodingFor(100_000, "br", "once")).toBe("br");
    expect(encodingFor(500, accept, "once")).toBeNull();
    expect(encodingFor(100_000, "identity", "once")).toBeNull();
  });

  it("decodes every body to itself whatever its size (the encoders' windows follow the body's size)", async () => {
    for (const body of [json(60), json(700), json(20_000), randomBytes(70_000), Buffer.alloc(3 << 20, "a")]) {
      const answer = encodeAnswer(1, 200, [], body);
      const gzip = await chooseEncoding(answer, "gzip");
      expect(gzip.encoding).toBe("gzip");
      expect(gunzipSync(gzip.body).equals(body), `gzip, ${body.length} bytes`).toBe(true);
      const br = await chooseEncoding(answer, "br");
      expect(br.encoding).toBe("br");
      expect(brotliDecompressSync(br.body).equals(body), `br, ${body.length} bytes`).toBe(true);
    }
  });

  it("does not count an encoding made for an answer the store no longer holds", async () => {
    const store = new ResponseCache(1024 * 1024);
    const old = encodeAnswer(1, 200, [], json(200));
    store.set("/a", old);
    const replaced = encodeAnswer(2, 200, [], json(100));
    store.set("/a", replaced);
    const bytes = store.bytes;
    await chooseEncoding(old, "br");
    expect(store.bytes).toBe(bytes);
  });

  it("sends small bodies, and bodies for clients that refuse both encodings, as they are", async () => {
    const small = encodeAnswer(1, 200, [], Buffer.from('{"ok":true}'));
    expect((await chooseEncoding(small, "br")).encoding).toBeNull();
    const large = encodeAnswer(1, 200, [], json(200));
    expect((await chooseEncoding(large, "br;q=0, gzip;q=0")).encoding).toBeNull();
    expect(large.compressed).toEqual({});
  });

  it("counts its keys: small answers under long addresses take the room their addresses take", async () => {
    const store = new ResponseCache(1024 * 1024);
    const answer = () => encodeAnswer(1, 200, [["content-type", "application/json"]], Buffer.from("[]"));
    for (let i = 0; i < 2_000; i++) store.set(`/api/categories?${i}&junk=${"x".repeat(4_000)}`, answer());
    expect(store.bytes).toBeLessThanOrEqual(store.maxBytes);
    expect(store.size).toBeLessThanOrEqual(store.maxBytes / 8_000); // each key holds 4,000 characters
    expect(store.size).toBeGreaterThan(100);
    for (const key of [...Array(2_000).keys()].map((i) => `/api/categories?${i}&junk=${"x".repeat(4_000)}`))
      store.delete(key);
    expect(store.bytes).toBe(0);
  });

  it("stays within its bytes when encodings made later would take it over: the least recently used go", async () => {
    const body = randomBytes(4_000); // compresses to about its own size: each encoding nearly doubles an answer
    const one = encodeAnswer(1, 200, [], body);
    const probe = new ResponseCache(1024 * 1024);
    probe.set("/x", one);
    const plain = probe.bytes;
    const store = new ResponseCache(plain * 10); // room for ten answers as stored, not for their encodings too
    const keys = Array.from({ length: 10 }, (_, i) => `/${i}`);
    const answers = keys.map((key) => {
      const answer = encodeAnswer(1, 200, [], body);
      store.set(key, answer);
      return answer;
    });
    expect(store.size).toBe(10);
    for (const answer of answers) await chooseEncoding(answer, "br");
    expect(store.bytes).toBeLessThanOrEqual(store.maxBytes);
    expect(store.get("/9", 1)).toBe(answers[9]); // the one just compressed stays
    expect(store.size).toBeLessThan(10); // older ones made room
  });
});
