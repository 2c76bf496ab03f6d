import { DomainError } from "../../domain/errors.ts";

export type ActionToast = { toast: { message: string; kind: "success" | "error" } };

/** Runs an admin page's domain call and answers with the toast to show: its success text, or the reason it failed. */
export async function toastAction(success: string, run: () => Promise<unknown>): Promise<ActionToast> {
  try {
    await run();
    return { toast: { message: success, kind: "success" } };
  } catch (e) {
    if (e instanceof DomainError && e.code !== "unauthenticated" && e.code !== "forbidden") return { toast: { message: e.message, kind: "error" } };
    throw e;
  }
}

export const pageParam = (request: Request) => Math.max(1, Math.min(100_000, Number(new URL(request.url).searchParams.get("page")) || 1));
