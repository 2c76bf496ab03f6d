import { type RawBuilder, sql } from "kysely";
import type { DB } from "../../db/connection.ts";
import { engineOf } from "../../db/dialect.ts";
import { readSetting, writeSettingIfStill } from "../settings/index.ts";
import { type DocumentText, WordIndex } from "./search-index.ts";
import { catalogueVersion } from "./version.ts";

/**
 * What a search filters, sorts and counts by, for every product's search document, held in memory
 * in typed arrays indexed by the document number (about 30 bytes a product: 3 MB at 100,000), with
 * the documents' words (search-index.ts). A search's matches are found and looked up here instead
 * of in the database (decisions 024 and 030); both engines.
 *
 * Kept current through the documents' revisions (SQLite `search_document.revision`, migrations 0011
 * and 0016; PostgreSQL `product.search_revision`, 0017): when the catalogue's version has moved on,
 * the rows written since the highest revision held are read again — one row after a sale or an
 * edit, all of them only the first time — and the documents deleted since (`search_document_removed`)
 * are left out.
 */
export type SearchFacts = {
  /** 1 published, 2 draft, 0 no document */
  status: Uint8Array;
  price: Float64Array;
  inStock: Uint8Array;
  position: Float64Array;
  /** creation time, milliseconds */
  created: Float64Array;
  /** the first two categories as numbers (0: none); more, rarely, in `moreCategories` */
  category1: Uint32Array;
  category2: Uint32Array;
  moreCategories: Map<number, number[]>;
  /** category id → its number here, and back */
  categoryNumber: Map<string, number>;
  categoryIds: string[];
  /** one past the highest document number held */
  size: number;
  /** the highest revision of search_document (and of its removals) the facts include */
  revision: number;
  /** which documents have which words (decision 030), as of the same revision */
  words: WordIndex;
};

export const STATUS_NUMBER = { published: 1, draft: 2 } as const;

type Held = { facts: SearchFacts; revision: number; version: number };
const held = new WeakMap<DB, Held>();
/** The read under way, and the catalogue version it was begun for. */
const refreshing = new WeakMap<DB, { version: number; facts: Promise<SearchFacts> }>();

/**
 * The facts as of the catalogue's current version, or newer. A read begun for an older version is
 * waited for and followed by another: what it read before a change may predate that change (a product
 * made a draft meanwhile), and an answer stored under the newer version must not be built from it.
 */
export async function searchFacts(db: DB): Promise<SearchFacts> {
  const version = await catalogueVersion(db);
  const current = held.get(db);
  if (current && current.version >= version) return current.facts;
  const pending = refreshing.get(db);
  if (pending && pending.version >= version) return pending.facts;
  const facts = (async () => {
    if (pending) await pending.facts.catch(() => undefined);
    const latest = held.get(db);
    if (latest && latest.version >= version) return latest.facts;
    return refresh(db, version, latest);
  })();
  const entry = { version, facts };
  refreshing.set(db, entry);
  facts.then(
    () => refreshing.get(db) === entry && refreshing.delete(db),
    () => refreshing.get(db) === entry && refreshing.delete(db),
  );
  return facts;
}

type FactsRow = {
  id: number;
  status: string;
  price_cents: number;
  in_stock: number;
  position: number;
  /** SQLite: ISO text; PostgreSQL: a timestamptz, read as a Date */
  created_at: string | Date;
  category_ids: string;
  revision: number;
  /** the document's text, as the full-text index holds it */
  title: string;
  categories: string;
  body: string;
};

/**
 * Rows read at a time: the first load of 100,000 documents yields to other requests between reads
 * (a read of 2,000 with their words takes 30–60 ms of the server's thread; of 10,000, up to 330).
 */
const ROWS_PER_READ = 2_000;
/**
 * Lets the event loop serve what is waiting before the next read. node:sqlite answers at once, so
 * awaiting its queries alone never gives other requests a turn.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Where each engine keeps the documents' rows: SQLite in `search_document` beside its full-text
 * table's text (0010, 0011, 0016), PostgreSQL in the product rows themselves (0010, 0017). Both
 * give the same columns, named as FactsRow names them.
 */
function documentsOf(db: DB) {
  if (engineOf(db) === "postgres") {
    return {
      columns: sql.raw(`p.search_doc as id, p.status, p.price_cents, p.in_stock, p.position, p.created_at,
        p.category_ids, p.search_revision as revision, p.title, coalesce(n.names, '') as categories,
        concat_ws(' ', p.desc1, p.desc2, p.desc3, p.desc4) as body`),
      from: sql.raw(`product p left join lateral (select string_agg(c.name, ' ' order by c.position, c.id) as names
        from product_category pc join category c on c.id = pc.category_id where pc.product_id = p.id) n on true`),
      doc: sql.raw("p.search_doc"),
      revision: sql.raw("p.search_revision"),
      latest: sql.raw("select max(search_revision) as r from product"),
    };
  }
  return {
    columns: sql.raw(`d.id, d.status, d.price_cents, d.in_stock, d.position, d.created_at, d.category_ids,
      d.revision, coalesce(t.title, '') as title, coalesce(t.categories, '') as categories,
      coalesce(t.body, '') as body`),
    from: sql.raw("search_document d left join product_search t on t.rowid = d.id"),
    doc: sql.raw("d.id"),
    revision: sql.raw("d.revision"),
    latest: sql.raw("select max(revision) as r from search_document"),
  };
}

/** A row's numbers as numbers (PostgreSQL answers a bigint as text). */
const normalised = (row: FactsRow): FactsRow => ({
  ...row,
  id: Number(row.id),
  revision: Number(row.revision),
  price_cents: Number(row.price_cents),
  in_stock: Number(row.in_stock),
  position: Number(row.position),
});

async function readRows(db: DB, where: (source: ReturnType<typeof documentsOf>) => RawBuilder<unknown>) {
  const source = documentsOf(db);
  const rows = await sql<FactsRow>`select ${source.columns} from ${source.from} ${where(source)}`.execute(db);
  return rows.rows.map(normalised);
}

/** The highest revision written: of a document, or of a document's removal. */
async function latestRevision(db: DB): Promise<number> {
  const top = await sql<{ r: number | string | null }>`select max(r) as r from (
      ${documentsOf(db).latest} union all select max(revision) from search_document_removed) as revisions`.execute(db);
  return Number(top.rows[0]?.r ?? 0);
}

const textOf = (row: FactsRow): DocumentText => ({
  doc: row.id,
  title: row.title,
  categories: row.categories,
  body: row.body,
});

/** Every document read again: the facts and the words' sets built afresh (the revision they are as of in them). */
async function readEverything(db: DB): Promise<SearchFacts> {
  // the revision as it was before the first read, so that a row changed while later ones are read is read again next time
  const revision = await latestRevision(db);
  let facts = emptyFacts(0);
  const parse = parser();
  const words = WordIndex.builder();
  for (let after = 0; ; ) {
    const rows = await readRows(db, (d) => sql`where ${d.doc} > ${after} order by ${d.doc} limit ${ROWS_PER_READ}`);
    facts = apply(facts, rows, parse);
    for (const row of rows) words.add(textOf(row));
    if (rows.length < ROWS_PER_READ) break;
    after = rows[rows.length - 1].id;
    await nextTurn();
  }
  facts.revision = revision;
  facts.words = words.finish(facts.size);
  return facts;
}

/** Everything read again, held as of `version` (read before it began). */
async function replaceAll(db: DB, version: number): Promise<SearchFacts> {
  const facts = await readEverything(db);
  held.set(db, { facts, revision: facts.revision, version });
  return facts;
}

async function refresh(db: DB, version: number, current: Held | undefined): Promise<SearchFacts> {
  if (!current) return replaceAll(db, version);
  // the rows written since, through the revision index (every write has its own revision), and the
  // documents deleted since; a deletion first, as a row there now was written after it (a number used again)
  const revision = await latestRevision(db);
  const removed = (
    await sql<{ id: number }>`select id from search_document_removed
      where revision > ${current.revision} and revision <= ${revision}`.execute(db)
  ).rows.map((r) => ({ id: Number(r.id) }));
  // removals this process has not seen may have been pruned (read after them: a prune marks before it deletes)
  if (current.revision < (await prunedThrough(db))) return replaceAll(db, version);
  let facts = current.facts;
  for (const { id } of removed) {
    if (id < facts.size) facts.status[id] = 0;
    facts.words.remove(id);
  }
  const parse = parser();
  for (let after = current.revision; ; ) {
    const rows = await readRows(
      db,
      (d) =>
        sql`where ${d.revision} > ${after} and ${d.revision} <= ${revision} order by ${d.revision} limit ${ROWS_PER_READ}`,
    );
    facts = apply(facts, rows, parse);
    for (const row of rows) facts.words.update(textOf(row));
    // an import: rather than hold so many documents beside the sets, searches wait for them to be built again
    if (facts.words.mustRebuild) return replaceAll(db, version);
    if (rows.length < ROWS_PER_READ) break;
    after = rows[rows.length - 1].revision;
    await nextTurn();
  }
  // the sets were built again meanwhile (below): bring those up to date instead
  const now = held.get(db);
  if (now !== current) return refresh(db, version, now);
  facts.revision = revision;
  held.set(db, { facts, revision, version });
  if (facts.words.shouldRebuild) rebuildInBackground(db);
  return facts;
}

/** Removals up to this revision are gone: facts held as of an older one are read again rather than brought up to date. */
const PRUNED_THROUGH = "search.removals_pruned_through";
/** The last prune's round: the highest revision then, and when (`{ revision, at }`); the next deletes what came before. */
const PRUNE_ROUND = "search.removals_prune_round";
/** How long a removal is kept at least, whichever process prunes: a process that refreshes within it never reads everything again. */
export const KEEP_REMOVALS_MS = 60 * 60_000;

const prunedThrough = async (db: DB) => Number((await readSetting({ db }, PRUNED_THROUGH)) ?? 0);

function pruneRound(text: string): { revision: number; at: number } | null {
  try {
    const round = JSON.parse(text);
    return Number.isFinite(round?.revision) && Number.isFinite(round?.at) ? round : null;
  } catch {
    return null;
  }
}

/**
 * Deletes the removals (`search_document_removed`) written before the last round of pruning, once that round is
 * KEEP_REMOVALS_MS old, so that the table does not grow with every product ever deleted. Every process calls it
 * (hourly); one of them takes a round, by moving the round's setting on from what it read. The newest removal of
 * that round is kept, since it may still be the highest revision there is, which processes' facts are as of.
 * The mark that says what is gone only moves up, and is raised before the rows go; a process whose facts are older
 * reads everything again (`refresh`). How many removals it deleted.
 */
export async function pruneSearchRemovals(db: DB, now = Date.now()): Promise<number> {
  const ctx = { db };
  const seen = (await readSetting(ctx, PRUNE_ROUND)) ?? "";
  const last = pruneRound(seen);
  if (last && now - last.at < KEEP_REMOVALS_MS) return 0;
  const round = JSON.stringify({ revision: await latestRevision(db), at: now });
  if (!(await writeSettingIfStill(ctx, PRUNE_ROUND, seen, round)) || !last) return 0;
  const through = last.revision - 1;
  if (through < 1) return 0;
  for (;;) {
    const marked = (await readSetting(ctx, PRUNED_THROUGH)) ?? "";
    if (Number(marked || 0) >= through || (await writeSettingIfStill(ctx, PRUNED_THROUGH, marked, String(through))))
      break;
  }
  const result = await db.deleteFrom("search_document_removed").where("revision", "<=", through).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Databases whose sets are being built again in the background. */
const rebuilding = new WeakSet<DB>();

/** Hears of a background rebuild that failed: nobody asked for it, so nobody else would. */
let backgroundTrouble: (error: unknown) => void = () => {};

/** Who is told when the word sets could not be built again in the background (the server logs it). */
export function onSearchTrouble(listener: (error: unknown) => void): void {
  backgroundTrouble = listener;
}

/**
 * Builds the sets again while searches go on with the ones held and the documents beside them (both
 * right, the second slower to search as it grows). Held as of the version read before it began; if
 * the catalogue moved on meanwhile, the next search brings them up to date from their revision.
 */
function rebuildInBackground(db: DB): void {
  if (rebuilding.has(db)) return;
  rebuilding.add(db);
  (async () => {
    const version = await catalogueVersion(db);
    const facts = await readEverything(db);
    held.set(db, { facts, revision: facts.revision, version });
  })()
    // a failed read leaves the held sets in use; the next change tries again
    .catch((error) => backgroundTrouble(error))
    .finally(() => rebuilding.delete(db));
}

/** The facts with these rows written (a copy with more room when a row's number is past the end). */
function apply(facts: SearchFacts, rows: FactsRow[], parse: ReturnType<typeof parser>): SearchFacts {
  const highest = rows.reduce((max, row) => Math.max(max, row.id), 0);
  const out = highest >= facts.size ? grow(facts, highest + 1) : facts;
  for (const row of rows) write(out, row, parse);
  return out;
}

/** Creation times and category lists repeat (a bulk load shares one time; products share categories): each is parsed once. */
function parser() {
  const times = new Map<string, number>();
  const lists = new Map<string, string[]>();
  return {
    time(iso: string): number {
      let ms = times.get(iso);
      if (ms === undefined) {
        ms = Date.parse(iso) || 0;
        if (times.size < 10_000) times.set(iso, ms);
      }
      return ms;
    },
    categories(ids: string): string[] {
      let list = lists.get(ids);
      if (list === undefined) {
        list = ids.split(" ").filter(Boolean);
        if (lists.size < 10_000) lists.set(ids, list);
      }
      return list;
    },
  };
}

function write(facts: SearchFacts, row: FactsRow, parse: ReturnType<typeof parser>): void {
  const doc = row.id;
  facts.status[doc] = row.status === "draft" ? STATUS_NUMBER.draft : STATUS_NUMBER.published;
  facts.price[doc] = row.price_cents;
  facts.inStock[doc] = row.in_stock ? 1 : 0;
  facts.position[doc] = row.position;
  facts.created[doc] = typeof row.created_at === "string" ? parse.time(row.created_at) : row.created_at.getTime();
  const ids = parse.categories(row.category_ids);
  facts.category1[doc] = ids.length > 0 ? categoryNumber(facts, ids[0]) : 0;
  facts.category2[doc] = ids.length > 1 ? categoryNumber(facts, ids[1]) : 0;
  if (ids.length > 2)
    facts.moreCategories.set(
      doc,
      ids.slice(2).map((id) => categoryNumber(facts, id)),
    );
  else facts.moreCategories.delete(doc);
}

function categoryNumber(facts: SearchFacts, id: string): number {
  let n = facts.categoryNumber.get(id);
  if (n === undefined) {
    n = facts.categoryIds.length;
    facts.categoryIds.push(id);
    facts.categoryNumber.set(id, n);
  }
  return n;
}

/** Calls `each` with every category number of a document (without making a list: it runs per match). */
export function eachCategory(facts: SearchFacts, doc: number, each: (category: number) => void): void {
  if (facts.category1[doc] === 0) return;
  each(facts.category1[doc]);
  if (facts.category2[doc] === 0) return;
  each(facts.category2[doc]);
  const more = facts.moreCategories.get(doc);
  if (more) for (const n of more) each(n);
}

/** Whether a document is in a category. */
export function inCategory(facts: SearchFacts, doc: number, category: number): boolean {
  if (facts.category1[doc] === category || facts.category2[doc] === category) return true;
  return facts.category2[doc] !== 0 && (facts.moreCategories.get(doc)?.includes(category) ?? false);
}

function emptyFacts(size: number): SearchFacts {
  return {
    status: new Uint8Array(size),
    price: new Float64Array(size),
    inStock: new Uint8Array(size),
    position: new Float64Array(size),
    created: new Float64Array(size),
    category1: new Uint32Array(size),
    category2: new Uint32Array(size),
    moreCategories: new Map(),
    // number 0 stands for "no category"
    categoryNumber: new Map(),
    categoryIds: [""],
    size,
    revision: 0,
    words: WordIndex.builder().finish(0),
  };
}

/** A copy with room for `needed` documents (and a quarter more, so that new products rarely copy). */
function grow(facts: SearchFacts, needed: number): SearchFacts {
  const size = facts.size === 0 ? needed : Math.ceil(needed * 1.25);
  const copy = <T extends Uint8Array | Uint32Array | Float64Array>(from: T, to: T) => {
    to.set(from);
    return to;
  };
  return {
    status: copy(facts.status, new Uint8Array(size)),
    price: copy(facts.price, new Float64Array(size)),
    inStock: copy(facts.inStock, new Uint8Array(size)),
    position: copy(facts.position, new Float64Array(size)),
    created: copy(facts.created, new Float64Array(size)),
    category1: copy(facts.category1, new Uint32Array(size)),
    category2: copy(facts.category2, new Uint32Array(size)),
    moreCategories: facts.moreCategories,
    categoryNumber: facts.categoryNumber,
    categoryIds: facts.categoryIds,
    size,
    revision: facts.revision,
    words: facts.words,
  };
}
