import { type Kysely, sql } from "kysely";
import { engineOf } from "../dialect.ts";

/**
 * SQLite: what the words held in memory need (domain/catalog/search-index.ts, decision 030). A
 * process holding them reads only the documents written since (`search_document.revision`, 0011);
 * until now a document's revision moved with its facts, not with its words.
 *
 * - A product's title or feature lines changed, or a category it is in was renamed: its document's
 *   revision moves on (the revision trigger of 0011 fires on any write of the row).
 * - A document deleted: its number and a revision of its own go to `search_document_removed`, so that a
 *   process leaves it out of the words it holds (the full-text index forgot it; the memory must too).
 * - The title-only index of 0011 goes, with its triggers: which documents have a word in their title
 *   is now held in memory too. `product_search` stays: the text the memory reads, kept by 0006's triggers.
 *
 * Kept by triggers, so every writer keeps them current. PostgreSQL: nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === "postgres") return;
  for (const trigger of ["search_title_added", "search_title_changed", "search_title_removed"]) {
    await sql.raw(`drop trigger ${trigger}`).execute(db);
  }
  await sql`drop table product_title_search`.execute(db);
  await sql`create table search_document_removed (
    id integer not null,
    revision integer not null
  )`.execute(db);
  await sql`create index search_document_removed_revision_idx on search_document_removed (revision)`.execute(db);
  const statements = [
    `create trigger search_words_changed after update of title, desc1, desc2, desc3, desc4 on product begin
       update search_document set revision = revision where product_id = new.id;
     end`,
    `create trigger search_category_words_changed after update of name on category begin
       update search_document set revision = revision
         where product_id in (select product_id from product_category where category_id = new.id);
     end`,
    `create trigger search_document_removed after delete on search_document begin
       update catalogue_version set version = version + 1 where id = 1;
       insert into search_document_removed (id, revision) values (old.id, (select version from catalogue_version where id = 1));
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
