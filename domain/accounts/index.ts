/** Accounts: roles, profiles and the rules for names and passwords (sign-in itself is Better Auth's). */
export {
  makeAdminInput,
  NAME_MAX_LENGTH,
  nameSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  profileInput,
  registrationInput,
  signInInput,
  signUpInput,
} from "./schemas.ts";
export {
  type Account,
  findSignInState,
  findUserId,
  getAccount,
  lockAccounts,
  makeAdmin,
  makeVerifiedAdmin,
  markEmailVerified,
  replaceCredentials,
  setRole,
  unlockAccount,
  updateProfile,
} from "./service.ts";
