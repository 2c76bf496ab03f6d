import { type Kysely, sql } from "kysely";
import { engineOf } from "../dialect.ts";

/**
 * The catalogue's search and listing index, kept in step by the database itself (triggers), so that
 * every writer — the admin pages, the API, imports, the seed — keeps it current:
 *
 * - product.shuffle_key: a random number per product; the shuffled catalogue walks its index from a
 *   visit's starting point instead of sorting the whole table.
 * - product.in_stock: 1 when any variant has stock, for the "in stock" filter and facet.
 * - full text over title (most weight), category names and the feature lines: SQLite FTS5 (with a
 *   vocabulary view for spelling), PostgreSQL a weighted tsvector with a GIN index and a table of
 *   the words in it (pg_trgm-indexed, for "did you mean").
 * - catalogue_version: a number that any change to products, variants, categories or their links
 *   moves on; caches of catalogue answers are keyed by it, also across processes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("catalogue_version")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);

  if (engineOf(db) === "postgres") await postgres(db);
  else await sqlite(db);

  await db.schema.createIndex("product_shuffle_idx").on("product").columns(["shuffle_key", "id"]).execute();
  await db.schema.createIndex("product_price_idx").on("product").columns(["price_cents", "id"]).execute();
  await db.schema.createIndex("product_created_idx").on("product").columns(["created_at", "id"]).execute();
}

/** The same words on both engines: letters and digits, lower case, without accents. */
async function sqlite(db: Kysely<unknown>): Promise<void> {
  await sql`alter table product add column shuffle_key integer not null default 0`.execute(db);
  await sql`alter table product add column in_stock integer not null default 0`.execute(db);
  await sql`update product set shuffle_key = 1 + abs(random() % 2147483646)`.execute(db);
  await sql`update product set in_stock = exists (select 1 from product_variant v where v.product_id = product.id and v.stock > 0)`.execute(
    db,
  );

  // FTS5 needs an integer rowid that never changes: a product's document number
  await sql`create table search_document (
    id integer primary key,
    product_id text not null unique references product(id) on delete cascade
  )`.execute(db);
  await sql`create virtual table product_search using fts5(
    title, categories, body,
    tokenize = 'unicode61 remove_diacritics 2',
    prefix = '2 3'
  )`.execute(db);
  await sql`create virtual table product_search_terms using fts5vocab(product_search, 'row')`.execute(db);
  // relevance: a word in the title counts ten times one in a feature line, in a category name five times
  await sql`insert into product_search (product_search, rank) values ('rank', 'bm25(10.0, 5.0, 1.0)')`.execute(db);

  const categoriesOf = (productId: string) =>
    `coalesce((select group_concat(c.name, ' ') from product_category pc join category c on c.id = pc.category_id where pc.product_id = ${productId}), '')`;
  const bodyOf = (row: string) => `concat_ws(' ', ${row}.desc1, ${row}.desc2, ${row}.desc3, ${row}.desc4)`;
  const documentOf = (productId: string) => `(select id from search_document where product_id = ${productId})`;
  const bump = "update catalogue_version set version = version + 1 where id = 1;";
  const stockOf = (productId: string) =>
    `update product set in_stock = exists (select 1 from product_variant v where v.product_id = ${productId} and v.stock > 0)
       where id = ${productId} and in_stock <> exists (select 1 from product_variant v where v.product_id = ${productId} and v.stock > 0);`;

  const statements = [
    `insert into product_search (rowid, title, categories, body)
       select d.id, p.title, ${categoriesOf("p.id")}, ${bodyOf("p")}
       from product p join search_document d on d.product_id = p.id`,

    `create trigger product_indexed after insert on product begin
       update product set shuffle_key = 1 + abs(random() % 2147483646) where id = new.id and new.shuffle_key = 0;
       insert into search_document (product_id) values (new.id);
       insert into product_search (rowid, title, categories, body)
         values (${documentOf("new.id")}, new.title, ${categoriesOf("new.id")}, ${bodyOf("new")});
       ${bump}
     end`,
    `create trigger product_text_changed after update of title, desc1, desc2, desc3, desc4 on product begin
       update product_search set title = new.title, body = ${bodyOf("new")} where rowid = ${documentOf("new.id")};
     end`,
    `create trigger product_changed after update on product begin ${bump} end`,
    `create trigger product_removed before delete on product begin
       delete from product_search where rowid = ${documentOf("old.id")};
       ${bump}
     end`,

    `create trigger product_category_added after insert on product_category begin
       update product_search set categories = ${categoriesOf("new.product_id")} where rowid = ${documentOf("new.product_id")};
       ${bump}
     end`,
    `create trigger product_category_removed after delete on product_category begin
       update product_search set categories = ${categoriesOf("old.product_id")} where rowid = ${documentOf("old.product_id")};
       ${bump}
     end`,
    `create trigger category_renamed after update of name on category begin
       update product_search set categories = ${categoriesOf("(select product_id from search_document where id = product_search.rowid)")}
         where rowid in (select d.id from search_document d join product_category pc on pc.product_id = d.product_id where pc.category_id = new.id);
     end`,
    `create trigger category_changed after update on category begin ${bump} end`,
    `create trigger category_added after insert on category begin ${bump} end`,
    `create trigger category_removed after delete on category begin ${bump} end`,

    `create trigger variant_added after insert on product_variant begin ${stockOf("new.product_id")} ${bump} end`,
    `create trigger variant_changed after update on product_variant begin ${stockOf("new.product_id")} ${bump} end`,
    `create trigger variant_removed after delete on product_variant begin ${stockOf("old.product_id")} ${bump} end`,
  ];
  await sql`insert into search_document (product_id) select id from product order by position, id`.execute(db);
  for (const statement of statements) await sql.raw(statement).execute(db);
}

async function postgres(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);
  await sql`alter table product add column shuffle_key integer not null default (1 + floor(random() * 2147483646))::integer`.execute(
    db,
  );
  await sql`alter table product add column in_stock integer not null default 0`.execute(db);
  await sql`alter table product add column search_vector tsvector`.execute(db);
  await sql`update product set in_stock = case when exists (select 1 from product_variant v where v.product_id = product.id and v.stock > 0) then 1 else 0 end`.execute(
    db,
  );
  await sql`create table search_term (term text primary key)`.execute(db);

  const statements = [
    // letters and digits, lower case, without accents: the words SQLite's unicode61 tokenizer makes
    `create function vitrine_search_words(t text) returns text language sql stable as $$
       select regexp_replace(lower(unaccent(coalesce(t, ''))), '[[:punct:][:space:]]+', ' ', 'g')
     $$`,
    `create function vitrine_product_vector(p_id text, p_title text, p_body text) returns tsvector language sql stable as $$
       select setweight(to_tsvector('simple', vitrine_search_words(p_title)), 'A')
           || setweight(to_tsvector('simple', vitrine_search_words(
                (select string_agg(c.name, ' ') from product_category pc join category c on c.id = pc.category_id where pc.product_id = p_id))), 'B')
           || setweight(to_tsvector('simple', vitrine_search_words(p_body)), 'C')
     $$`,
    `create function vitrine_product_indexed() returns trigger language plpgsql as $$
     begin
       new.search_vector := vitrine_product_vector(new.id, new.title, concat_ws(' ', new.desc1, new.desc2, new.desc3, new.desc4));
       insert into search_term (term) select lexeme from unnest(new.search_vector) on conflict do nothing;
       return new;
     end $$`,
    `create trigger product_indexed before insert or update of title, desc1, desc2, desc3, desc4 on product
       for each row execute function vitrine_product_indexed()`,

    // a product's categories changed: its vector again, once per statement
    `create function vitrine_categories_changed() returns trigger language plpgsql as $$
     begin
       update product p set search_vector = vitrine_product_vector(p.id, p.title, concat_ws(' ', p.desc1, p.desc2, p.desc3, p.desc4))
         where p.id in (select product_id from changed_links);
       insert into search_term (term)
         select distinct lexeme from product p, unnest(p.search_vector) where p.id in (select product_id from changed_links)
         on conflict do nothing;
       return null;
     end $$`,
    `create trigger product_category_added after insert on product_category
       referencing new table as changed_links for each statement execute function vitrine_categories_changed()`,
    `create trigger product_category_removed after delete on product_category
       referencing old table as changed_links for each statement execute function vitrine_categories_changed()`,
    `create function vitrine_category_renamed() returns trigger language plpgsql as $$
     begin
       update product p set search_vector = vitrine_product_vector(p.id, p.title, concat_ws(' ', p.desc1, p.desc2, p.desc3, p.desc4))
         where p.id in (select pc.product_id from product_category pc join renamed r on r.id = pc.category_id);
       return null;
     end $$`,
    `create trigger category_renamed after update on category
       referencing new table as renamed for each statement execute function vitrine_category_renamed()`,

    // in stock when any variant has stock
    `create function vitrine_stock_changed() returns trigger language plpgsql as $$
     begin
       update product p set in_stock = s.in_stock
         from (select t.product_id, case when exists (select 1 from product_variant v where v.product_id = t.product_id and v.stock > 0) then 1 else 0 end as in_stock
               from (select distinct product_id from changed_variants) t) s
         where p.id = s.product_id and p.in_stock <> s.in_stock;
       return null;
     end $$`,
    `create trigger variant_added after insert on product_variant
       referencing new table as changed_variants for each statement execute function vitrine_stock_changed()`,
    `create trigger variant_changed after update on product_variant
       referencing new table as changed_variants for each statement execute function vitrine_stock_changed()`,
    `create trigger variant_removed after delete on product_variant
       referencing old table as changed_variants for each statement execute function vitrine_stock_changed()`,

    // any change to the catalogue moves its version on (once per statement)
    `create function vitrine_catalogue_changed() returns trigger language plpgsql as $$
     begin
       update catalogue_version set version = version + 1 where id = 1;
       return null;
     end $$`,
    ...["product", "product_variant", "product_category", "category"].map(
      (table) =>
        `create trigger ${table}_catalogue_changed after insert or update or delete on ${table}
           for each statement execute function vitrine_catalogue_changed()`,
    ),
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);

  await sql`update product set search_vector = vitrine_product_vector(id, title, concat_ws(' ', desc1, desc2, desc3, desc4))`.execute(
    db,
  );
  await sql`insert into search_term (term) select distinct lexeme from product, unnest(search_vector) on conflict do nothing`.execute(
    db,
  );
  await sql`create index product_search_vector_idx on product using gin (search_vector)`.execute(db);
  await sql`create index search_term_trgm_idx on search_term using gin (term gin_trgm_ops)`.execute(db);
}
