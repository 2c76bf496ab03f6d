import { type Kysely, sql } from "kysely";
import { engineOf } from "../dialect.ts";

/**
 * SQLite: what a search filters, sorts and counts by, beside each full-text document number.
 * A search used to join every match to its `product` row — a wide row (the feature lines, the
 * options) found through a text key — to read its status, price and stock, and to `product_category`
 * for its categories; at 100,000 products a word matching 4,000 of them spent most of its time
 * there. `search_document` (keyed by the FTS5 row id) now holds those few values itself, kept by
 * triggers like the index of migration 0006, so that every writer keeps them current:
 * status, price, stock, catalogue position, creation time, and the category ids as ` id id `.
 *
 * PostgreSQL finds its matching `product` rows through the GIN index and reads them anyway; there
 * only the category ids are added, to `product`, so that the category facet is counted in the same
 * pass as the others instead of scanning every product-category link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === "postgres") return postgres(db);
  for (const column of [
    "status text not null default 'published'",
    "price_cents integer not null default 0",
    "in_stock integer not null default 0",
    "position integer not null default 0",
    "created_at text not null default ''",
    "category_ids text not null default ''",
  ]) {
    await sql.raw(`alter table search_document add column ${column}`).execute(db);
  }

  const categoryIdsOf = (productId: string) =>
    `coalesce((select ' ' || group_concat(category_id, ' ') || ' ' from product_category where product_id = ${productId}), '')`;
  const factsOf = (productId: string) =>
    `(status, price_cents, in_stock, position, created_at) =
       (select status, price_cents, in_stock, position, created_at from product where id = ${productId}),
     category_ids = ${categoryIdsOf(productId)}`;

  const statements = [
    `update search_document set ${factsOf("search_document.product_id")}`,
    // a new document (every new product gets one, from the triggers of 0006 or the bulk insert)
    `create trigger search_facts_added after insert on search_document begin
       update search_document set ${factsOf("new.product_id")} where search_document.id = new.id;
     end`,
    `create trigger search_facts_changed after update of status, price_cents, in_stock, position, created_at on product begin
       update search_document set status = new.status, price_cents = new.price_cents, in_stock = new.in_stock,
         position = new.position, created_at = new.created_at
       where product_id = new.id;
     end`,
    `create trigger search_facts_link_added after insert on product_category begin
       update search_document set category_ids = ${categoryIdsOf("new.product_id")} where product_id = new.product_id;
     end`,
    `create trigger search_facts_link_removed after delete on product_category begin
       update search_document set category_ids = ${categoryIdsOf("old.product_id")} where product_id = old.product_id;
     end`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  await sql`alter table product add column category_ids text not null default ''`.execute(db);
  const categoryIdsOf = (productId: string) =>
    `coalesce((select ' ' || string_agg(pc.category_id, ' ' order by pc.category_id) || ' '
       from product_category pc where pc.product_id = ${productId}), '')`;
  // migration 0006's trigger function for changed links, now writing the category ids in the same update
  await sql
    .raw(`create or replace function vitrine_categories_changed() returns trigger language plpgsql as $$
     begin
       update product p set
           search_vector = vitrine_product_vector(p.id, p.title, concat_ws(' ', p.desc1, p.desc2, p.desc3, p.desc4)),
           category_ids = ${categoryIdsOf("p.id")}
         where p.id in (select product_id from changed_links);
       insert into search_term (term)
         select distinct lexeme from product p, unnest(p.search_vector) where p.id in (select product_id from changed_links)
         on conflict do nothing;
       return null;
     end $$`)
    .execute(db);
  await sql.raw(`update product p set category_ids = ${categoryIdsOf("p.id")}`).execute(db);
}
