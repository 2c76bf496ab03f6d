import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CONTROL_CHARACTERS,
  emailSchema,
  hasNoNul,
  idSchema,
  isWellFormedEmail,
  isWellFormedId,
  optionalText,
  requiredLines,
  requiredText,
  textLines,
} from "./schemas.ts";
import { errorsOf } from "./testing.ts";

describe("idSchema", () => {
  it.each(["a", "abc_DEF-123", "x".repeat(64), "  padded  "])("accepts %j", (id) => {
    expect(idSchema.parse(id)).toBe(id.trim());
  });

  it.each([
    "",
    "   ",
    "x".repeat(65),
    "has space",
    "../etc/passwd",
    "a/b",
    "a.b",
    "id\u0000",
    "id\n2",
    "id\u001b",
    "id\u007f",
    "ïd",
    "%41",
  ])("refuses %j", (id) => {
    expect(idSchema.safeParse(id).success).toBe(false);
    expect(isWellFormedId(id)).toBe(false);
  });

  it("refuses what is not a string", () => {
    for (const id of [undefined, null, 42, ["a"], { id: "a" }]) expect(idSchema.safeParse(id).success).toBe(false);
  });
});

describe("emailSchema", () => {
  it("trims and lower-cases", () => {
    expect(emailSchema.parse("  Ada.Lovelace+shop@Example.COM ")).toBe("ada.lovelace+shop@example.com");
    expect(isWellFormedEmail("ADA@example.com")).toBe(true);
  });

  it.each(["", "ada", "ada@", "@example.com", "ada@example", "ada @example.com", "ada@exa mple.com", "a@b@c.com"])(
    "refuses %j",
    (email) => {
      expect(errorsOf(emailSchema, email)).toEqual({ _: "Enter a valid email address." });
      expect(isWellFormedEmail(email)).toBe(false);
    },
  );

  it.each(["ada@example.com\u0000", "ada\u0000@example.com", "ada@exam\nple.com", "ada\u0007@example.com"])(
    "refuses control characters: %j",
    (email) => {
      expect(isWellFormedEmail(email)).toBe(false);
    },
  );

  it("says an email is required when there is none", () => {
    expect(errorsOf(emailSchema, undefined)).toEqual({ _: "Email is required." });
  });
});

describe("requiredText", () => {
  const name = requiredText("Name", 10);

  it("trims, including tabs and line breaks around the text", () => {
    expect(name.parse("  Ada ")).toBe("Ada");
    expect(name.parse("\t\r\nAda\n")).toBe("Ada");
  });

  it.each([undefined, null, 5])("says %j is missing", (value) => {
    expect(errorsOf(name, value)).toEqual({ _: "Name is required." });
  });

  it.each(["", "   ", "\t\n\r "])("takes %j as empty", (value) => {
    expect(errorsOf(name, value)).toEqual({ _: "Name is required." });
  });

  it("counts the limit after trimming", () => {
    expect(name.parse(`  ${"a".repeat(10)}  `)).toHaveLength(10);
    expect(errorsOf(name, "a".repeat(11))).toEqual({ _: "Name must be at most 10 characters." });
  });

  it.each(["\u0000", "Ada\u0000", "\u0000Ada", "A\u0000da"])("refuses NUL anywhere: %j", (value) => {
    expect(errorsOf(name, value)).toEqual({ _: "Name contains a character that is not allowed." });
  });

  it("defaults to at most 200 characters", () => {
    expect(requiredText("Title").safeParse("t".repeat(200)).success).toBe(true);
    expect(requiredText("Title").safeParse("t".repeat(201)).success).toBe(false);
  });
});

describe("optionalText", () => {
  const note = z.object({ note: optionalText("Note", 5) });

  it("makes empty or blank text absent", () => {
    expect(note.parse({}).note).toBeUndefined();
    expect(note.parse({ note: "" }).note).toBeUndefined();
    expect(note.parse({ note: "  \t" }).note).toBeUndefined();
    expect(note.parse({ note: " hi " }).note).toBe("hi");
  });

  it("bounds the text and refuses NUL", () => {
    expect(errorsOf(note, { note: "abcdef" })).toEqual({ note: "Note must be at most 5 characters." });
    expect(errorsOf(note, { note: "a\u0000" })).toEqual({ note: "Note contains a character that is not allowed." });
  });
});

describe("control characters", () => {
  it("NUL is the one that cannot be stored", () => {
    expect(hasNoNul("tab\tand\nnewline")).toBe(true);
    expect(hasNoNul("nul\u0000")).toBe(false);
  });

  it("CONTROL_CHARACTERS matches C0 and DEL, and nothing printable", () => {
    const all = Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(i)).join("");
    expect(all.match(CONTROL_CHARACTERS)).toHaveLength(33);
    expect("Ada Lovelace – café ✓".replace(CONTROL_CHARACTERS, "")).toBe("Ada Lovelace – café ✓");
    expect("a\u0000b\u001fc\u007fd".replace(CONTROL_CHARACTERS, " ")).toBe("a b c d");
  });
});

describe("requiredLines", () => {
  const text = requiredLines("Message", 20);
  it("keeps lines, turning Windows line ends into \\n and a tab into a space, then trims", () => {
    expect(text.parse("  one\r\ntwo\rthree\tfour  ")).toBe("one\ntwo\nthree four");
  });
  it("refuses control and direction characters, saying which and on which line", () => {
    const bell = text.safeParse("one\ntwo\u0007");
    expect(bell.success).toBe(false);
    expect(bell.error?.issues[0].message).toContain("U+0007 on line 2");
    expect(text.safeParse("a \u202Eb").success).toBe(false);
    expect(text.safeParse("a\u0000").success).toBe(false);
  });
  it("is required and bounded, with the field's messages", () => {
    expect(text.safeParse("   ").error?.issues[0].message).toBe("Message is required.");
    expect(text.safeParse(undefined).error?.issues[0].message).toBe("Message is required.");
    expect(text.safeParse("x".repeat(21)).error?.issues[0].message).toBe("Message must be at most 20 characters.");
  });
});

describe("textLines", () => {
  it("may be empty, names its own message for a missing value, and writes the limit as people read it", () => {
    const page = textLines("The page's text", 20_000, "The page's text is required (empty takes the page down).");
    expect(page.parse("  \r\n ")).toBe("");
    expect(page.safeParse(undefined).error?.issues[0].message).toBe(
      "The page's text is required (empty takes the page down).",
    );
    expect(page.safeParse("x".repeat(20_001)).error?.issues[0].message).toBe(
      "The page's text must be at most 20,000 characters.",
    );
  });
});
