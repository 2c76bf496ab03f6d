/** The catalogue: products, their categories and images. The module's only door. */

export { exportProductsCsv, type ImportOutcome, ImportRefused, importProductsCsv } from "./csv.ts";
export { type CsvRow, MAX_IMPORT_ROWS, parseProductsCsv, type RowError } from "./csv-rows.ts";
export {
  type AdminProductList,
  addProductImage,
  arrangeProductImages,
  editFingerprint,
  listProductsForAdmin,
  moveProductImage,
  productForEditing,
  removeProductImage,
  updateProduct,
} from "./editing.ts";
export type { ReadContext } from "./listing.ts";
export {
  type FacetCounts,
  listProducts,
  type ProductList,
  type ProductSearch,
  readListQuery,
  SHUFFLED_ORDERS,
  searchProducts,
} from "./listing.ts";
export { PRICE_RANGES } from "./listing-query.ts";
export type {
  CategoryRow as Category,
  NewVariant,
  ProductImage,
  ProductOption,
  ProductRecord as Product,
  ProductWithVariants,
  VariantForSale,
  VariantRecord as Variant,
} from "./repository.ts";
export {
  adminProductQuery,
  DEFAULT_NEW_STOCK,
  imageOrderInput,
  imageUploadInput,
  LIST_SORTS,
  type ListSort,
  MAX_IMAGES,
  MAX_OPTIONS,
  MAX_PRICE_DOLLARS,
  MAX_SEARCH_LENGTH,
  MAX_STOCK,
  MAX_VARIANTS,
  PRODUCT_STATUSES,
  type ProductInput,
  type ProductListQuery,
  type ProductStatus,
  type ProductUpdateInput,
  productInput,
  productListQuery,
  productUpdateInput,
  SHUFFLE_MODULUS,
  variantUpdateInput,
} from "./schemas.ts";
export { KEEP_REMOVALS_MS, onSearchTrouble, pruneSearchRemovals } from "./search-facts.ts";
export { MAX_SEARCH_WORDS, searchWords } from "./search-words.ts";
export {
  addProduct,
  type CategorySeed,
  clearCatalogue,
  countProducts,
  defaultVariant,
  deleteProduct,
  findProduct,
  findVariants,
  getProduct,
  importCategories,
  importProduct,
  importProducts,
  listCategories,
  listProductIds,
  type NewProduct,
  newSku,
  optimizeSearchIndex,
  prepareSearch,
  updateVariant,
} from "./service.ts";
export { CHECK_EVERY_MS as CATALOGUE_VERSION_CHECK_MS, catalogueChanged, catalogueVersion } from "./version.ts";
