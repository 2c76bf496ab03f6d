import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { GzipMembers } from "./gzip-member.ts";

/**
 * Encoded answers for anonymous readers, kept per process in a least-recently-used store bounded by
 * bytes. An entry belongs to one catalogue version: when the catalogue changes (in any process on
 * the database) the next request finds the version moved on and renders afresh.
 */
export type CachedAnswer = {
  version: number;
  status: number;
  /** the headers the answer is sent with (content type, X-Total-Count, …), without Cache-Control and ETag */
  headers: [string, string][];
  /** the body's length, uncompressed */
  length: number;
  /**
   * The body as it is, until it is first compressed: from then on only the compressed copy is kept (a
   * seventh of the bytes for a search answer), and a client that takes no compression, or the other one,
   * is served from it decompressed (`plainBody`).
   */
  plain: Buffer | undefined;
  /** the body compressed, each encoding made when a client first asks for it (none below COMPRESS_FROM_BYTES) */
  compressed: { gzip?: Buffer; br?: Buffer };
  etag: string;
  /** a page's inline scripts as CSP hashes (`'sha256-…'`): a stored page cannot carry each request's nonce */
  scriptHashes: string[];
  /** told how many bytes a newly made encoding added or a dropped plain body took away (the store counts them) */
  grew?: (bytes: number) => void;
  /** encodings being made: requests that come meanwhile wait for them rather than compress the body again */
  making?: { gzip?: Promise<Buffer>; br?: Promise<Buffer> };
};

/** Answers stored and compressed whole, never streamed: a page's document, React Router's data for it, JSON. */
export const WHOLE_ANSWER_TYPES = /^(text\/html|text\/x-script|application\/json)/;

/** Bodies below this are sent as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;

export function encodeAnswer(
  version: number,
  status: number,
  headers: [string, string][],
  body: Buffer,
  scriptHashes: string[] = [],
): CachedAnswer {
  return {
    version,
    status,
    headers,
    length: body.length,
    plain: body,
    compressed: {},
    etag: `W/"${version.toString(36)}-${createHash("sha1").update(body).digest("base64url").slice(0, 16)}"`,
    scriptHashes,
  };
}

/**
 * Brotli's window sized to the body (2^10 … 2^24 bytes), not its default 4 MiB: the encoder's
 * buffers grow with the window, and with large blocks handed back to the system after use
 * (decision 023) a 4 MiB window cost 2 ms per 14 KB answer instead of 0.5 (same output).
 */
const brotliWindowFor = (bytes: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(bytes))));

const brotli = promisify(brotliCompress);
/** One gzip compressor for the process's answers, its tables set up once (gzip-member.ts). */
const gzipMembers = new GzipMembers();

/** Compressors, on the thread pool: gzip through the one kept compressor, brotli set up per body. */
const compressors = {
  gzip: (body: Buffer) => gzipMembers.compress(body),
  br: (body: Buffer) =>
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_LGWIN]: brotliWindowFor(body.length),
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
};

const decompressors = { gzip: gunzipSync, br: brotliDecompressSync };

/** The body as it is: kept until it is first compressed, then decompressed from a compressed copy. */
export function plainBody(answer: CachedAnswer): Buffer {
  if (answer.plain) return answer.plain;
  const encoding = (Object.keys(answer.compressed) as Encoding[])[0];
  const compressed = encoding && answer.compressed[encoding];
  if (!compressed) throw new Error("a stored answer has neither its body nor a compressed copy");
  return decompressors[encoding](compressed);
}

/**
 * The body in this encoding, compressed once, on the first request that accepts it; the plain body is
 * then let go.
 */
function compressedBody(answer: CachedAnswer, encoding: Encoding): Promise<Buffer> {
  const made = answer.compressed[encoding];
  if (made) return Promise.resolve(made);
  const making = answer.making?.[encoding];
  if (making) return making;
  const compressing = compressors[encoding](plainBody(answer)).then(
    (body) => {
      answer.compressed[encoding] = body;
      if (answer.making) delete answer.making[encoding];
      const dropped = answer.plain?.length ?? 0;
      answer.plain = undefined;
      answer.grew?.(body.length - dropped);
      return body;
    },
    (error: unknown) => {
      if (answer.making) delete answer.making[encoding];
      throw error;
    },
  );
  answer.making ??= {};
  answer.making[encoding] = compressing;
  return compressing;
}

/**
 * What an answer holds in memory under its key: the key (two bytes a character at most), bodies,
 * headers and script hashes, and a flat 512 bytes for the objects around them. Without the key, a
 * flood of small answers under long query strings held sixteen times the store's bytes.
 */
const sizeOf = (key: string, a: CachedAnswer) =>
  2 * key.length +
  (a.plain?.length ?? 0) +
  (a.compressed.gzip?.length ?? 0) +
  (a.compressed.br?.length ?? 0) +
  a.headers.reduce((n, [name, value]) => n + 2 * (name.length + value.length), 0) +
  a.scriptHashes.reduce((n, hash) => n + 2 * hash.length, 0) +
  512;

export class ResponseCache {
  readonly #entries = new Map<string, CachedAnswer>();
  #bytes = 0;

  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** The answer stored under this key for this version (an older version's is dropped). */
  get(key: string, version: number): CachedAnswer | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.version !== version) {
      if (entry) this.delete(key);
      return undefined;
    }
    // most recently used last
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry;
  }

  set(key: string, answer: CachedAnswer): void {
    const size = sizeOf(key, answer);
    if (size > this.maxBytes / 8) return; // one huge answer must not empty the cache
    this.delete(key);
    this.#entries.set(key, answer);
    this.#bytes += size;
    answer.grew = (bytes) => {
      if (this.#entries.get(key) !== answer) return;
      this.#bytes += bytes;
      this.#evictOver(answer);
    };
    this.#evictOver(answer);
  }

  /** Drops the least recently used answers (never `keep`) until the store is within its bytes. */
  #evictOver(keep: CachedAnswer): void {
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      if (entry === keep) continue;
      this.#entries.delete(oldest);
      this.#bytes -= sizeOf(oldest, entry);
    }
  }

  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= sizeOf(key, entry);
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }
}

/** Whether an Accept-Encoding value names this encoding without refusing it (`;q=0`). */
const accepts = (name: string) => new RegExp(`(?:^|,)\\s*${name}\\s*(?:,|;(?!\\s*q=0(?:\\.0*)?\\s*(?:,|$))|$)`, "i");
const ACCEPTS = { br: accepts("br"), gzip: accepts("gzip") };

/**
 * Below this, gzip is preferred to brotli. Brotli sets its tables up for each body, and with large
 * blocks taken from and given back to the system (decision 023) it cost 1.07 ms for a 14 KB search
 * answer against gzip's 0.29 then (gzip's compressor is now kept: decision 036), for 1,795 bytes
 * instead of 1,938. A page (120 KB, served to many from the store) keeps brotli's 11 %.
 */
const BROTLI_FROM_BYTES = 32 * 1024;

export type Encoding = keyof typeof compressors;

/**
 * The encoding a body of this size goes out in for this Accept-Encoding: brotli for large stored
 * bodies, else gzip, else brotli, else none. A body made for one client only (`once`) prefers gzip
 * at any size: with the blocks above, brotli took 6.5 ms for a 120 KB page and gzip 1.5 (for 17.0
 * KB instead of 19.2), a cost a stored page pays once and a signed-in page on every request.
 */
export function encodingFor(
  bytes: number,
  acceptEncoding: string | undefined,
  use: "stored" | "once" = "stored",
): Encoding | null {
  if (bytes < COMPRESS_FROM_BYTES) return null;
  const accept = acceptEncoding ?? "";
  const br = ACCEPTS.br.test(accept);
  if (br && use === "stored" && bytes >= BROTLI_FROM_BYTES) return "br";
  if (ACCEPTS.gzip.test(accept)) return "gzip";
  return br ? "br" : null;
}

/** A body compressed in one call (an answer made for one client only, never stored). */
export const compressBody = (body: Buffer, encoding: Encoding): Promise<Buffer> => compressors[encoding](body);

/** The stored body that fits the request's Accept-Encoding (encodingFor), each encoding made once. */
export async function chooseEncoding(
  answer: CachedAnswer,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: Encoding | null }> {
  const encoding = encodingFor(answer.length, acceptEncoding);
  return encoding
    ? { body: await compressedBody(answer, encoding), encoding }
    : { body: plainBody(answer), encoding: null };
}

/** Whether an If-None-Match header names this ETag (weak comparison, as for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => bare(t) === bare(etag));
}

/** SHA-256 CSP sources for the inline scripts of a page (JSON-LD and other data blocks are not run, and skipped). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.add(`'sha256-${createHash("sha256").update(match[2]).digest("base64")}'`);
  }
  return [...hashes];
}
