import { z } from "zod";
import { formatCount } from "../shared/numbers.ts";
import { PHONE_MAX_LENGTH, PHONE_PATTERN } from "../shared/phone.ts";
import { emailSchema, oneLineText, optionalText, refineLines, requiredLines } from "../shared/schemas.ts";
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
  body: z
    .string({ error: "The page's text is required (empty takes the page down)." })
    // a tab pasted from a document is a space on the page
    .transform((v) => v.replace(/\r\n?/g, "\n").replace(/\t/g, " "))
    // (checked before the trim, so that the line a refused character is said to be on is the one in the form)
    .pipe(
      z
        .string()
        .superRefine(refineLines("The page's text"))
        .transform((v) => v.trim())
        .pipe(
          z
            .string()
            .max(
              HELP_PAGE_MAX_LENGTH,
              `The page's text must be at most ${formatCount(HELP_PAGE_MAX_LENGTH)} characters.`,
            ),
        ),
    ),
});
