/** The contact form's limits (browser-safe: the contact page puts them on its fields too). */
export const CONTACT_NAME_MAX_LENGTH = 120;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
