/**
 * Just enough of the tar format (POSIX ustar) for the shop's backups: regular files, written and
 * read as streams. Names up to 255 bytes (split into ustar's prefix and name); sizes of any length
 * (base-256 beyond 8 GiB, as GNU tar writes them).
 */
import type { Readable, Writable } from "node:stream";

const BLOCK = 512;
const MAX_OCTAL_SIZE = 8 ** 11 - 1;

export class TarError extends Error {}

function writeString(block: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, "utf8");
  if (bytes.length > length) throw new TarError(`"${value}" does not fit a tar header field`);
  bytes.copy(block, offset);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  writeString(block, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

function writeSize(block: Buffer, offset: number, size: number): void {
  if (size <= MAX_OCTAL_SIZE) {
    writeOctal(block, offset, 12, size);
    return;
  }
  block[offset] = 0x80;
  let rest = BigInt(size);
  for (let i = offset + 11; i > offset; i--) {
    block[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
}

/** ustar keeps long names as `prefix/name`: prefix up to 155 bytes, name up to 100. */
function splitName(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: "", name: path };
  for (let i = path.indexOf("/"); i !== -1; i = path.indexOf("/", i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100 && name) return { prefix, name };
  }
  throw new TarError(`the path ${path} is too long for a tar archive`);
}

export function tarHeader(path: string, size: number, mtime = new Date()): Buffer {
  const block = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(path);
  writeString(block, 0, 100, name);
  writeOctal(block, 100, 8, 0o644);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeSize(block, 124, size);
  writeOctal(block, 136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(" ", 148, 156); // the checksum is computed with its own field as spaces
  block[156] = "0".charCodeAt(0);
  writeString(block, 257, 6, "ustar\0");
  writeString(block, 263, 2, "00");
  writeString(block, 345, 155, prefix);
  let sum = 0;
  for (const byte of block) sum += byte;
  writeString(block, 148, 8, `${sum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries to `out` (a gzip stream, say), waiting whenever it asks to. */
export class TarWriter {
  private readonly out: Writable;
  constructor(out: Writable) {
    this.out = out;
  }

  private async write(chunk: Buffer): Promise<void> {
    if (this.out.write(chunk)) return;
    await new Promise<void>((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      this.out.once("error", onError);
      this.out.once("drain", () => {
        this.out.off("error", onError);
        resolve();
      });
    });
  }

  /** One file of exactly `size` bytes, from a buffer or a stream of chunks. */
  async add(path: string, size: number, content: Buffer | AsyncIterable<Buffer>): Promise<void> {
    await this.write(tarHeader(path, size));
    let written = 0;
    for await (const chunk of Buffer.isBuffer(content) ? [content] : content) {
      written += chunk.length;
      if (written > size) throw new TarError(`${path} grew while it was being archived`);
      await this.write(chunk);
    }
    if (written !== size) throw new TarError(`${path} shrank while it was being archived`);
    await this.write(padding(size));
  }

  /** The two empty blocks that end an archive. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
  }
}

export type TarEntry = { path: string; size: number; content: AsyncIterable<Buffer> };

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function readSize(block: Buffer): number {
  if (block[124] & 0x80) {
    let size = 0n;
    for (let i = 125; i < 136; i++) size = (size << 8n) | BigInt(block[i]);
    return Number(size);
  }
  const text = readString(block, 124, 12).trim();
  const size = Number.parseInt(text || "0", 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new TarError("a tar header has a bad size");
  return size;
}

function checksumOk(block: Buffer): boolean {
  const stored = Number.parseInt(readString(block, 148, 8).trim(), 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i];
  return stored === sum;
}

/** A byte source that hands out exact lengths from a stream's chunks. */
class ByteReader {
  private readonly chunks: AsyncIterator<Buffer>;
  private pending: Buffer = Buffer.alloc(0);
  constructor(input: Readable) {
    this.chunks = input[Symbol.asyncIterator]();
  }

  /** Up to `max` bytes (fewer only at the end of the stream). */
  async next(max: number): Promise<Buffer> {
    while (this.pending.length === 0) {
      const { value, done } = await this.chunks.next();
      if (done) return Buffer.alloc(0);
      this.pending = Buffer.from(value);
    }
    const out = this.pending.subarray(0, max);
    this.pending = this.pending.subarray(out.length);
    return out;
  }

  async exactly(length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    let got = 0;
    while (got < length) {
      const part = await this.next(length - got);
      if (part.length === 0) throw new TarError("the archive ends in the middle of an entry");
      parts.push(part);
      got += part.length;
    }
    return Buffer.concat(parts);
  }
}

/**
 * The regular files of an archive, in order. Each entry's content must be read (or drained) before
 * the next entry is asked for.
 */
export async function* readTar(input: Readable): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(input);
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (block.every((b) => b === 0)) return;
    if (!checksumOk(block)) throw new TarError("a tar header is damaged");
    const name = readString(block, 0, 100);
    const prefix = readString(block, 345, 155);
    const path = prefix ? `${prefix}/${name}` : name;
    const size = readSize(block);
    const type = String.fromCharCode(block[156] || 48);
    let left = size;
    const content = (async function* () {
      while (left > 0) {
        const chunk = await reader.next(left);
        if (chunk.length === 0) throw new TarError("the archive ends in the middle of an entry");
        left -= chunk.length;
        yield chunk;
      }
    })();
    if (type === "0") yield { path, size, content };
    // whatever the caller left unread (or an entry of another type) is skipped
    while (left > 0) {
      const chunk = await reader.next(left);
      if (chunk.length === 0) throw new TarError("the archive ends in the middle of an entry");
      left -= chunk.length;
    }
    await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
