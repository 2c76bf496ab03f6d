import { promisify } from "node:util";
import { constants, crc32, createDeflateRaw, type DeflateRaw, gzip } from "node:zlib";

/**
 * gzip without a fresh compressor per answer (decision 036).
 *
 * `zlib.gzipSync` sets a compressor up for each call and frees it after: about 100 KB of tables, in
 * blocks that glibc maps from the system and unmaps again (decision 023 sends blocks of 40 KiB and
 * more there), so every compressed answer paid page faults and a cross-CPU TLB flush on top of the
 * compression. Here one raw deflate stream lives as long as the process. Each body is written to it
 * and ended with a full flush, which also empties the compressor's history (nothing after the flush
 * refers to what came before it), and its output is wrapped as a complete gzip member (RFC 1952): the
 * header, the flushed blocks, an empty final block, the body's CRC-32 and its length.
 *
 * The stream works on the thread pool, so the compression also leaves the main thread. Bodies go
 * through it one at a time; a large one (a long admin page) is compressed on its own instead, so that
 * it cannot hold the small answers up.
 */
export class GzipMembers {
  #stream: DeflateRaw | undefined;
  /** the output of the body being compressed (one at a time: the queue below) */
  #chunks: Buffer[] = [];
  #queue: Promise<unknown> = Promise.resolve();

  /** The body as one gzip member. */
  compress(body: Buffer): Promise<Buffer> {
    if (body.length > ON_ITS_OWN_FROM_BYTES) return gzipAlone(body, { level: 6 });
    const turn = this.#queue.then(() => this.#compressNow(body));
    // a failed body does not stop the next ones
    this.#queue = turn.catch(() => {});
    // and a broken stream costs this body a compressor of its own, never its answer
    return turn.catch(() => gzipAlone(body, { level: 6 }));
  }

  /** Lets the stream go (a process that ends does not need to); a body in progress is compressed on its own. */
  close(): void {
    this.#stream?.destroy(new Error("the gzip compressor was closed"));
    this.#stream = undefined;
  }

  #compressNow(body: Buffer): Promise<Buffer> {
    const stream = this.#open();
    this.#chunks = [];
    return new Promise((resolve, reject) => {
      let settled = false;
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        // a stream that failed is never used again: the next body gets a new one
        if (this.#stream === stream) this.#stream = undefined;
        stream.destroy();
        reject(error);
      };
      stream.once("error", fail);
      stream.once("close", () => fail(new Error("the gzip compressor closed during a body")));
      stream.write(body);
      stream.flush(constants.Z_FULL_FLUSH, () => {
        stream.off("error", fail);
        stream.removeAllListeners("close");
        // the flush's output must all have been read: anything else is a broken stream
        if (settled || stream.destroyed || stream.readableLength > 0) {
          return fail(new Error("the gzip compressor's stream broke during a body"));
        }
        settled = true;
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
    stream.on("data", (chunk: Buffer) => {
      if (this.#stream === stream) this.#chunks.push(chunk);
    });
    // (the body being compressed is refused through its own listener; this one keeps the process up)
    stream.on("error", () => {
      if (this.#stream === stream) this.#stream = undefined;
    });
    this.#stream = stream;
    return stream;
  }
}

/** Bodies larger than this are compressed on their own, beside the kept stream's queue. */
const ON_ITS_OWN_FROM_BYTES = 256 * 1024;
const gzipAlone = promisify(gzip);

/** A gzip member's header: deflate, no flags, no time, no extra flags, OS unknown. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255]);
/** A last block with nothing in it (fixed codes: BFINAL, BTYPE 01, end of block), padded to a byte. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
