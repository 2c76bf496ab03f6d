import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { AppEnv } from "../../server/context.ts";
import { handleError } from "../../server/http/errors.ts";

/** An app whose one route fails with `error`, answered by the shop's error handler. */
async function answerTo(error: Error) {
  const app = new Hono<AppEnv>();
  app.get("/fails", () => {
    throw error;
  });
  app.onError(handleError);
  const res = await app.request("/fails");
  return { status: res.status, body: await res.json() };
}

describe("handleError", () => {
  it("answers a deadlock or serialization failure the database rolled back with 409, saying to try again", async () => {
    for (const code of ["40P01", "40001"]) {
      const { status, body } = await answerTo(Object.assign(new Error("deadlock detected"), { code }));
      expect(status).toBe(409);
      expect(body.error.code).toBe("conflict");
      expect(body.error.message).toMatch(/try again/);
    }
  });

  it("answers anything else unexpected with 500 and no detail", async () => {
    const { status, body } = await answerTo(Object.assign(new Error("relation does not exist"), { code: "42P01" }));
    expect(status).toBe(500);
    expect(JSON.stringify(body)).not.toMatch(/relation/);
  });
});
