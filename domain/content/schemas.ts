import { z } from "zod";
import { PHONE_MAX_LENGTH, PHONE_PATTERN } from "../shared/phone.ts";
import { emailSchema, oneLineText, optionalText, requiredLines, textLines } from "../shared/schemas.ts";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_NAME_MAX_LENGTH } from "./contact-rules.ts";
import { HELP_PAGE_MAX_LENGTH } from "./help-rules.ts";

/** The contact form: who writes, and what. */
export const contactInput = z.object({
  name: oneLineText("Name", CONTACT_NAME_MAX_LENGTH),
  email: emailSchema,
  phone: optionalText("Phone", PHONE_MAX_LENGTH).refine(
    (v) => v === undefined || PHONE_PATTERN.test(v),
    "Enter a valid phone number.",
  ),
  message: requiredLines("Message", CONTACT_MESSAGE_MAX_LENGTH).refine(
    (v) => v.length >= CONTACT_MESSAGE_MIN_LENGTH,
    `Please write at least ${CONTACT_MESSAGE_MIN_LENGTH} characters.`,
  ),
});

/** An admin's text for a help page; empty takes the page down (it says it has not been written). */
export const helpPageInput = z.object({
  /**
   * When the page as the admin's form showed it was last written ("" : not written); absent, the text is
   * written whatever happened meanwhile (the old behaviour, for callers that do not say)
   */
  editedFrom: z.string().max(64, "editedFrom is not a time the page was written.").optional(),
  body: textLines("The page's text", HELP_PAGE_MAX_LENGTH, "The page's text is required (empty takes the page down)."),
});
