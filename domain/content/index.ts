/** Shop content kept in the database: blog articles, store locations, testimonials, and contact messages. */
export {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
} from "./contact-rules.ts";
export { getHelpPage, type HelpPage, listHelpPages, saveHelpPage, writtenHelpPages } from "./help-pages.ts";
export { HELP_PAGE_MAX_LENGTH, HELP_PAGES, type HelpBlock, type HelpPageSlug, helpBlocks } from "./help-rules.ts";
export type { BlogArticle, NewArticle, StoreLocation, Testimonial } from "./repository.ts";
export { contactInput, helpPageInput } from "./schemas.ts";
export {
  clearContent,
  countArticles,
  importContent,
  listArticles,
  listStoreLocations,
  listTestimonials,
  sendContactMessage,
} from "./service.ts";
