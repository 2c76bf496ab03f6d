import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readTar, TarError, TarWriter, tarHeader } from "../../server/ops/tar.ts";

async function pack(files: [string, Buffer][]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c) => chunks.push(c));
  const tar = new TarWriter(out);
  for (const [name, data] of files) await tar.add(name, data.length, data);
  await tar.finish();
  out.end();
  return Buffer.concat(chunks);
}

async function unpack(archive: Buffer): Promise<[string, Buffer][]> {
  const out: [string, Buffer][] = [];
  for await (const entry of readTar(Readable.from([archive]))) {
    const parts: Buffer[] = [];
    for await (const chunk of entry.content) parts.push(chunk);
    out.push([entry.path, Buffer.concat(parts)]);
  }
  return out;
}

describe("the backup's tar format", () => {
  it("reads back what it wrote: empty files, sizes on and off block boundaries, long names", async () => {
    const long = `media/products/${"x".repeat(90)}/${"y".repeat(80)}-1200.webp`;
    const files: [string, Buffer][] = [
      ["manifest.json", Buffer.from("{}")],
      ["empty", Buffer.alloc(0)],
      ["block", Buffer.alloc(512, 7)],
      ["odd", Buffer.alloc(1025, 9)],
      [long, Buffer.from("long name")],
    ];
    const archive = await pack(files);
    expect(archive.length % 512).toBe(0);
    expect(await unpack(archive)).toEqual(files);
  });

  it("writes headers that POSIX tar reads: ustar magic and a valid checksum", () => {
    const header = tarHeader("database/shop.sqlite", 12345, new Date(0));
    expect(header.subarray(257, 263).toString()).toBe("ustar\0");
    expect(header.subarray(124, 135).toString()).toBe((12345).toString(8).padStart(11, "0"));
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
    expect(Number.parseInt(header.subarray(148, 154).toString(), 8)).toBe(sum);
  });

  it("refuses a damaged header, a truncated archive and a name too long for ustar", async () => {
    const archive = await pack([["a.txt", Buffer.from("hello")]]);
    const damaged = Buffer.from(archive);
    damaged[3] ^= 0xff;
    await expect(unpack(damaged)).rejects.toThrow(TarError);
    await expect(unpack(archive.subarray(0, 600))).rejects.toThrow(/ends in the middle/);
    expect(() => tarHeader("z".repeat(300), 1)).toThrow(/too long/);
  });
});
