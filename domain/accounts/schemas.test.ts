import { describe, expect, it } from "vitest";
import { errorsOf } from "../shared/testing.ts";
import {
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  registrationInput,
  signInInput,
  signUpInput,
} from "./index.ts";

const signUp = {
  name: "Ada Lovelace",
  email: "Ada@Example.com",
  password: "engine-1843",
  confirmPassword: "engine-1843",
};

describe("the password rule", () => {
  it.each(["engine-1843", "abc12345", "Correct horse battery staple!", "9a8b7c6d", `a1${"x".repeat(126)}`])(
    "accepts %j",
    (password) => {
      expect(passwordSchema.safeParse(password).success).toBe(true);
    },
  );

  it.each([
    ["abc1234", `Use at least ${PASSWORD_MIN_LENGTH} characters.`],
    [`a1${"x".repeat(PASSWORD_MAX_LENGTH - 1)}`, `Use at most ${PASSWORD_MAX_LENGTH} characters.`],
    ["abcdefghij", "Mix letters with numbers or symbols."],
    ["1234567890", "Mix letters with numbers or symbols."],
    ["!!!!!!!!!!", "Mix letters with numbers or symbols."],
    ["password1", "This password is too easy to guess."],
    ["PASSWORD-2026", "This password is too easy to guess."],
    ["12345678x", "This password is too easy to guess."],
    ["qwerty123", "This password is too easy to guess."],
  ])("refuses %j: %s", (password, message) => {
    expect(errorsOf(passwordSchema, password)).toEqual({ _: message });
  });

  it("does not trim a password: spaces count", () => {
    expect(passwordSchema.parse("  a1    ")).toBe("  a1    ");
  });
});

describe("the sign-up form", () => {
  it("accepts a good form and normalises the email", () => {
    expect(registrationInput.parse(signUp)).toEqual({ ...signUp, email: "ada@example.com" });
  });

  it("refuses passwords that do not match, on the second field", () => {
    expect(errorsOf(registrationInput, { ...signUp, confirmPassword: "engine-1844" })).toEqual({
      confirmPassword: "The passwords do not match.",
    });
  });

  it("asks for the repeated password", () => {
    expect(errorsOf(registrationInput, { ...signUp, confirmPassword: "" })).toHaveProperty(
      "confirmPassword",
      "Type the password again.",
    );
  });

  it("reports each bad field", () => {
    expect(
      errorsOf(registrationInput, { name: " ", email: "ada", password: "short", confirmPassword: "short" }),
    ).toEqual({
      name: "Your name is required.",
      email: "Enter a valid email address.",
      password: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
    });
  });

  it("bounds the name", () => {
    expect(registrationInput.safeParse({ ...signUp, name: "n".repeat(NAME_MAX_LENGTH) }).success).toBe(true);
    expect(errorsOf(registrationInput, { ...signUp, name: "n".repeat(NAME_MAX_LENGTH + 1) })).toHaveProperty("name");
  });

  it("holds Better Auth's own sign-up to the same name and password rules, passing other fields through", () => {
    const { confirmPassword: _, ...body } = signUp;
    expect(signUpInput.parse({ ...body, callbackURL: "/" })).toMatchObject({ callbackURL: "/" });
    expect(errorsOf(signUpInput, { ...body, password: "password123" })).toHaveProperty("password");
    expect(errorsOf(signUpInput, { ...body, name: "" })).toHaveProperty("name");
  });

  it("signs in with any non-empty password, but a valid email", () => {
    expect(signInInput.safeParse({ email: "ada@example.com", password: "x" }).success).toBe(true);
    expect(errorsOf(signInInput, { email: "ada@example.com", password: "" })).toEqual({
      password: "Enter your password.",
    });
    expect(errorsOf(signInInput, { email: "ada@", password: "x" })).toHaveProperty("email");
  });
});
