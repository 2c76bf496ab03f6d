import { z } from "zod";
import { pageQuery } from "../shared/pagination.ts";
import { emailSchema, hasNoNul, oneLineText } from "../shared/schemas.ts";

export const NAME_MAX_LENGTH = 80;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const makeAdminInput = z.object({ email: emailSchema });
export const profileInput = z.object({
  email: emailSchema,
  displayName: oneLineText("Display name", NAME_MAX_LENGTH),
});

export const nameSchema = oneLineText("Your name", NAME_MAX_LENGTH);

/** The shop's password rule, shown beside the field: long enough, and not only letters or only digits. */
export const passwordSchema = z
  .string({ error: "Choose a password." })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`)
  .refine((p) => /[A-Za-z]/.test(p) && /[^A-Za-z]/.test(p), "Mix letters with numbers or symbols.")
  .refine((p) => !/^(.)\1+$/.test(p) && !/^(password|12345678|qwerty)/i.test(p), "This password is too easy to guess.");

/** The Sign Up form. The two passwords must match (the old shop silently ignored a mismatch). */
export const registrationInput = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string({ error: "Type the password again." }).min(1, "Type the password again."),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

/** An account's picture comes from its sign-in provider (Google) alone: the shop's own forms take none. */
const noPicture = z.null({ error: "A picture comes from the account you sign in with." }).optional();

/** What Better Auth's own sign-up endpoint receives: the same name and password rules as the page. */
export const signUpInput = z
  .object({ name: nameSchema, email: emailSchema, password: passwordSchema, image: noPicture })
  .loose();

/** What Better Auth's own update-user endpoint receives: a name by the same rule, and no picture. */
export const accountUpdateInput = z.object({ name: nameSchema.optional(), image: noPicture }).loose();

export const signInInput = z.object({
  email: emailSchema,
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password."),
});

/** The admin's customer search: `q` is part of an email or name. */
export const accountSearchQuery = pageQuery.extend({
  q: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().trim().max(254, "q must be at most 254 characters.").refine(hasNoNul, "q is not valid.").optional(),
  ),
});
