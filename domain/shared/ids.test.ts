import { describe, expect, it } from "vitest";
import { newSortableId } from "./ids.ts";

describe("newSortableId", () => {
  it("sorts in the order the ids were made, also within one millisecond", () => {
    const ids = Array.from({ length: 2000 }, () => newSortableId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
