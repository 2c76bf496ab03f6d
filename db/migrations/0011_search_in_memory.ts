import { type Kysely, sql } from "kysely";
import { engineOf } from "../dialect.ts";

/**
 * SQLite: what a search in memory needs (domain/catalog/search-facts.ts and search-sqlite.ts, decision 024).
 *
 * - `search_document.revision`: the catalogue's version when the row was last written (the row's
 *   trigger moves the version on first, so no two writes share one, and a deleted row cannot take
 *   a later write's number back), so that a process holding the documents' facts in memory reads
 *   only the rows changed since.
 * - `product_title_search`: the titles alone, in a second full-text index without a copy of the
 *   text (contentless, deletable). Which of a search's matches have the word in their title is a
 *   read of the word's short title list instead of ranking every match with bm25.
 *
 * Both are kept by triggers, so every writer keeps them current. PostgreSQL: nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === "postgres") return;
  await sql`alter table search_document add column revision integer not null default 0`.execute(db);
  await sql`create index search_document_revision_idx on search_document (revision)`.execute(db);
  await sql`create virtual table product_title_search using fts5(
    title,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3',
    content = '',
    contentless_delete = 1
  )`.execute(db);
  await sql`insert into product_title_search (rowid, title)
    select d.id, p.title from search_document d join product p on p.id = d.product_id`.execute(db);

  const statements = [
    // the facts' triggers (0010) write the row after its insert, and on every change of what they hold
    `create trigger search_document_revised after update on search_document when new.revision = old.revision begin
       update catalogue_version set version = version + 1 where id = 1;
       update search_document set revision = (select version from catalogue_version where id = 1) where id = new.id;
     end`,
    `create trigger search_title_added after insert on search_document begin
       insert into product_title_search (rowid, title) values (new.id, (select title from product where id = new.product_id));
     end`,
    `create trigger search_title_changed after update of title on product begin
       delete from product_title_search where rowid = (select id from search_document where product_id = new.id);
       insert into product_title_search (rowid, title) select id, new.title from search_document where product_id = new.id;
     end`,
    `create trigger search_title_removed after delete on search_document begin
       delete from product_title_search where rowid = old.id;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
