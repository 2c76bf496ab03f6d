import { useEffect, useState } from "react";
import { CloseIcon } from "./Icons.tsx";

export type ToastMessage = { message: string; kind?: "success" | "info" | "error" };

/** How long a message that is not an error stays. */
const HIDE_AFTER_MS = 6000;

/**
 * An announced message (role=status, or alert for errors) that stays until dismissed with its
 * button or Escape; success messages also fade after a few seconds. On a page without React, the
 * page script does the same from the data attributes (app/page-script.ts).
 */
export function Toast({ toast }: { toast: ToastMessage | null | undefined }) {
  const [shown, setShown] = useState<ToastMessage | null>(toast ?? null);
  useEffect(() => setShown(toast ?? null), [toast]);
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setShown(null);
    };
    window.addEventListener("keydown", onKey);
    const timer = shown.kind === "error" ? undefined : window.setTimeout(() => setShown(null), HIDE_AFTER_MS);
    return () => {
      window.removeEventListener("keydown", onKey);
      if (timer) window.clearTimeout(timer);
    };
  }, [shown]);
  const tone =
    shown?.kind === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : "border-emerald-300 bg-emerald-50 text-emerald-900";
  return (
    <div
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4"
      role={shown?.kind === "error" ? "alert" : "status"}
      aria-live={shown?.kind === "error" ? "assertive" : "polite"}
    >
      {shown && (
        <div
          className={`pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border px-4 py-3 shadow-lg ${tone}`}
          data-testid="toast"
          data-toast
          data-hide-after={shown.kind === "error" ? undefined : HIDE_AFTER_MS}
        >
          <p className="font-semibold">{shown.message}</p>
          <button
            type="button"
            onClick={() => setShown(null)}
            data-dismiss
            className="-mr-1 rounded p-0.5 hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
            aria-label="Dismiss message"
          >
            <CloseIcon className="h-4 w-4" />
          </button>
        </div>
      )}
    </div>
  );
}

const toastsOfOutcomes = new WeakMap<object, ToastMessage>();

/**
 * The toast for a page action's outcome: its message, as a success or an error. The same outcome
 * gives the same toast on every render, so that one dismissed stays dismissed; a new outcome (the
 * next submission, even with the same words) shows again.
 */
export function toastFor(outcome: { ok: boolean; message: string } | null | undefined): ToastMessage | null {
  if (!outcome?.message) return null;
  let toast = toastsOfOutcomes.get(outcome);
  if (!toast) {
    toast = { message: outcome.message, kind: outcome.ok ? "success" : "error" };
    toastsOfOutcomes.set(outcome, toast);
  }
  return toast;
}
