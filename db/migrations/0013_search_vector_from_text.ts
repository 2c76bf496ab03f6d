import { type Kysely, sql } from "kysely";
import { engineOf } from "../dialect.ts";

/**
 * PostgreSQL: a bulk import writes each product's search vector and category list (migration
 * 0010's `category_ids`) in the product's own row as it inserts it. Until now they could only be
 * made from the product's category links, which had to be inserted after the product: every
 * imported product was written twice (its row, then the same row again from the links' trigger,
 * with a new entry in each of its indexes) — 21 of the 57 seconds that seeding 100,000 products took.
 *
 * - `product_category_names`: a product's category names (in the categories' order) and ids, from
 *   its links — the one place that rule lives; the triggers' functions (migrations 0006 and 0010)
 *   now read it, and so does the bulk import.
 * - `vitrine_document_vector` makes a vector from the text itself (title, category names, feature
 *   lines); `vitrine_product_vector`, which the triggers call, reads the names and calls it.
 * - `vitrine_category_list` writes a list of ids as `category_ids` holds them.
 * - The links' reference to their product may be checked at commit (`DEFERRABLE`, still
 *   `INITIALLY IMMEDIATE` for every other writer), so that a bulk import inserts the links first.
 *
 * The names come in the categories' order (position, then id); before, string_agg's order was
 * unspecified, which could move the positions of category words in a vector, never its words.
 * SQLite: nothing (its bulk import already fills the full-text index in one pass).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) !== "postgres") return;
  const statements = [
    `create view product_category_names as
       select pc.product_id, string_agg(c.name, ' ' order by c.position, c.id) as names,
         array_agg(pc.category_id order by pc.category_id) as category_ids
       from product_category pc join category c on c.id = pc.category_id
       group by pc.product_id`,
    `create function vitrine_category_list(p_category_ids text[]) returns text language sql stable as $$
       select coalesce(' ' || string_agg(id, ' ' order by id) || ' ', '') from unnest(p_category_ids) as id
     $$`,
    `create function vitrine_document_vector(p_title text, p_categories text, p_body text) returns tsvector
       language sql stable as $$
       select setweight(to_tsvector('simple', vitrine_search_words(p_title)), 'A')
           || setweight(to_tsvector('simple', vitrine_search_words(p_categories)), 'B')
           || setweight(to_tsvector('simple', vitrine_search_words(p_body)), 'C')
     $$`,
    `create or replace function vitrine_product_vector(p_id text, p_title text, p_body text) returns tsvector
       language sql stable as $$
       select vitrine_document_vector(p_title, (select names from product_category_names where product_id = p_id), p_body)
     $$`,
    `create or replace function vitrine_categories_changed() returns trigger language plpgsql as $$
     begin
       update product p set
           search_vector = vitrine_product_vector(p.id, p.title, concat_ws(' ', p.desc1, p.desc2, p.desc3, p.desc4)),
           category_ids = vitrine_category_list((select category_ids from product_category_names where product_id = p.id))
         where p.id in (select product_id from changed_links);
       insert into search_term (term)
         select distinct lexeme from product p, unnest(p.search_vector) where p.id in (select product_id from changed_links)
         on conflict do nothing;
       return null;
     end $$`,
    `alter table product_category alter constraint product_category_product_id_fkey deferrable initially immediate`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
