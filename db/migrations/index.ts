import type { Migration } from "kysely/migration";
import * as initial from "./0001_initial.ts";
import * as hardening from "./0002_hardening.ts";
import * as variantsAndCarts from "./0003_variants_and_carts.ts";
import * as payments from "./0004_payments.ts";
import * as mailOutbox from "./0005_mail_outbox.ts";
import * as search from "./0006_search.ts";
import * as auditLog from "./0007_audit_log.ts";
import * as productEditing from "./0008_product_editing.ts";
import * as adminOrders from "./0009_admin_orders.ts";
import * as searchFacts from "./0010_search_facts.ts";
import * as searchInMemory from "./0011_search_in_memory.ts";
import * as variantInStockIndex from "./0012_variant_in_stock_index.ts";
import * as searchVectorFromText from "./0013_search_vector_from_text.ts";
import * as paymentPage from "./0014_payment_page.ts";
import * as skuUniqueWithoutCase from "./0015_sku_unique_without_case.ts";
import * as searchWordsInMemory from "./0016_search_words_in_memory.ts";
import * as searchInMemoryOnPostgres from "./0017_search_in_memory_on_postgres.ts";
import * as helpPages from "./0018_help_pages.ts";
import * as mailKeptNotSent from "./0019_mail_kept_not_sent.ts";
import * as orderTransferOffered from "./0020_order_transfer_offered.ts";

/** Forward-only, in order. Add a new file for every change; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
  "0002_hardening": hardening,
  "0003_variants_and_carts": variantsAndCarts,
  "0004_payments": payments,
  "0005_mail_outbox": mailOutbox,
  "0006_search": search,
  "0007_audit_log": auditLog,
  "0008_product_editing": productEditing,
  "0009_admin_orders": adminOrders,
  "0010_search_facts": searchFacts,
  "0011_search_in_memory": searchInMemory,
  "0012_variant_in_stock_index": variantInStockIndex,
  "0013_search_vector_from_text": searchVectorFromText,
  "0014_payment_page": paymentPage,
  "0015_sku_unique_without_case": skuUniqueWithoutCase,
  "0016_search_words_in_memory": searchWordsInMemory,
  "0017_search_in_memory_on_postgres": searchInMemoryOnPostgres,
  "0018_help_pages": helpPages,
  "0019_mail_kept_not_sent": mailKeptNotSent,
  "0020_order_transfer_offered": orderTransferOffered,
};
