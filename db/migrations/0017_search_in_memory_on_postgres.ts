import { type Kysely, sql } from "kysely";
import { engineOf } from "../dialect.ts";

/**
 * PostgreSQL: what a search held in memory needs (decisions 024 and 030), as SQLite has had it since
 * 0010, 0011 and 0016. Searches were answered in SQL (the GIN index, ts_rank, grouped counts): 10–17
 * ms p50 at 100,000 products for a query never asked before, 24–56 ms p95.
 *
 * - `product.search_doc`: a small number per product, so that a process can hold each product's
 *   facts and words in arrays indexed by it (the shop's order at first, then in the order added).
 * - `product.search_revision`: taken from a sequence whenever the row is written (every change a
 *   search sees writes the product's row: its text, price, status, stock flag, category list and
 *   vector, from the triggers of 0006, 0010 and 0013), so that a process reads only the rows
 *   written since. The row trigger first locks the catalogue's version row, which every catalogue
 *   writer updates anyway at the end of its statement: two writers never hold revisions at once, so
 *   revisions become visible in their order and a reader that has seen one has seen every smaller
 *   one. The lock is taken per row, after PostgreSQL has locked the product row itself, so locks are
 *   taken in the order they were before (a product row, then the version row): locking the version
 *   row at the start of the statement let an admin's delete, waiting for a product row an order was
 *   placing a line for, deadlock with that order's stock update.
 * - `search_document_removed`: a deleted product's number, with a revision of its own.
 *
 * SQLite: nothing (its `search_document` holds the same, 0010, 0011, 0016).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== "postgres") return;
  const statements = [
    "create sequence search_doc_seq",
    "create sequence search_revision_seq",
    "alter table product add column search_doc integer",
    `update product p set search_doc = n.doc from (
       select id, nextval('search_doc_seq') as doc from (select id from product order by position, id) ordered
     ) n where n.id = p.id`,
    "alter table product alter column search_doc set default nextval('search_doc_seq')",
    "alter table product alter column search_doc set not null",
    "alter sequence search_doc_seq owned by product.search_doc",
    "create unique index product_search_doc_idx on product (search_doc)",
    "alter table product add column search_revision bigint not null default 0",
    "create index product_search_revision_idx on product (search_revision)",
    `create table search_document_removed (
       id integer not null,
       revision bigint not null
     )`,
    "create index search_document_removed_revision_idx on search_document_removed (revision)",
    `create function vitrine_search_revised() returns trigger language plpgsql as $$
     begin
       perform 1 from catalogue_version where id = 1 for update;
       new.search_revision := nextval('search_revision_seq');
       return new;
     end $$`,
    `create trigger product_search_revised before insert or update on product
       for each row execute function vitrine_search_revised()`,
    `create function vitrine_search_removed() returns trigger language plpgsql as $$
     begin
       perform 1 from catalogue_version where id = 1 for update;
       insert into search_document_removed (id, revision) values (old.search_doc, nextval('search_revision_seq'));
       return null;
     end $$`,
    `create trigger product_search_removed after delete on product
       for each row execute function vitrine_search_removed()`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
