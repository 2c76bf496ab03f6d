import { z } from "zod";
import { PHONE_MAX_LENGTH, PHONE_PATTERN } from "../shared/phone.ts";
import { emailSchema, oneLineText, optionalText, requiredText } from "../shared/schemas.ts";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_MESSAGE_MIN_LENGTH, CONTACT_NAME_MAX_LENGTH } from "./contact-rules.ts";

/** The contact form: who writes, and what. */
export const contactInput = z.object({
  name: oneLineText("Name", CONTACT_NAME_MAX_LENGTH),
  email: emailSchema,
  phone: optionalText("Phone", PHONE_MAX_LENGTH).refine(
    (v) => v === undefined || PHONE_PATTERN.test(v),
    "Enter a valid phone number.",
  ),
  message: requiredText("Message", CONTACT_MESSAGE_MAX_LENGTH).refine(
    (v) => v.length >= CONTACT_MESSAGE_MIN_LENGTH,
    `Please write at least ${CONTACT_MESSAGE_MIN_LENGTH} characters.`,
  ),
});
