import { constants, crc32, createDeflateRaw, type DeflateRaw } from "node:zlib";

/**
 * gzip without a fresh compressor per answer (decision 036).
 *
 * `zlib.gzipSync` sets a compressor up for each call and frees it after: about 100 KB of tables, in
 * blocks that glibc maps from the system and unmaps again (decision 023 sends blocks of 32 KiB and
 * more there), so every compressed answer paid page faults and a cross-CPU TLB flush on top of the
 * compression. Here one raw deflate stream lives as long as the process. Each body is written to it
 * and ended with a full flush, which also empties the compressor's history (nothing after the flush
 * refers to what came before it), and its output is wrapped as a complete gzip member (RFC 1952): the
 * header, the flushed blocks, an empty final block, the body's CRC-32 and its length.
 *
 * The stream works on the thread pool, so the compression also leaves the main thread. Bodies go
 * through it one at a time.
 */
export class GzipMembers {
  #stream: DeflateRaw | undefined;
  #chunks: Buffer[] = [];
  #queue: Promise<unknown> = Promise.resolve();

  /** The body as one gzip member. */
  compress(body: Buffer): Promise<Buffer> {
    const turn = this.#queue.then(() => this.#compressNow(body));
    // a failed body does not stop the next ones
    this.#queue = turn.catch(() => {});
    return turn;
  }

  /** Lets the stream go (a process that ends does not need to). */
  close(): void {
    this.#stream?.close();
    this.#stream = undefined;
  }

  #compressNow(body: Buffer): Promise<Buffer> {
    const stream = this.#open();
    return new Promise((resolve, reject) => {
      const failed = (error: Error) => {
        // a stream that failed is not used again
        if (this.#stream === stream) this.#stream = undefined;
        this.#chunks = [];
        reject(error);
      };
      stream.once("error", failed);
      stream.write(body);
      stream.flush(constants.Z_FULL_FLUSH, () => {
        stream.off("error", failed);
        const blocks = this.#chunks;
        this.#chunks = [];
        const trailer = Buffer.allocUnsafe(8);
        trailer.writeUInt32LE(crc32(body), 0);
        trailer.writeUInt32LE(body.length % 2 ** 32, 4);
        resolve(Buffer.concat([GZIP_HEADER, ...blocks, FINAL_EMPTY_BLOCK, trailer]));
      });
    });
  }

  #open(): DeflateRaw {
    if (this.#stream) return this.#stream;
    // level 6 (zlib's default); the window and tables at their defaults: kept once, not per answer
    const stream = createDeflateRaw({ level: 6 });
    stream.on("data", (chunk: Buffer) => this.#chunks.push(chunk));
    // (the body being compressed is refused through its own listener; this one keeps the process up)
    stream.on("error", () => {
      if (this.#stream === stream) this.#stream = undefined;
    });
    this.#stream = stream;
    return stream;
  }
}

/** A gzip member's header: deflate, no flags, no time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** A last block with nothing in it (fixed codes: BFINAL, BTYPE 01, end of block), padded to a byte. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
