/** A phone number as the shipping and contact forms take it (browser-safe: the contact page uses it too). */
export const PHONE_MAX_LENGTH = 30;
/** Digits, spaces, `( ) . -` and an optional leading `+`. */
export const PHONE_PATTERN = /^\+?[0-9 ().-]{6,25}$/;
