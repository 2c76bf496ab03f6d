import { useId } from "react";
import { shareLinks } from "../lib/share.ts";
import { CloseIcon, ShareIcon } from "./Icons.tsx";

/**
 * A native <dialog>, opened and closed by HTML's invoker buttons (no script needed): focus moves
 * into it, Tab stays inside, Escape or a click beside it closes it. Each link is a real link; the
 * page script opens it in the network's share window (app/page-script.ts).
 */
export function ShareDialog({ url, title }: { url: string; title: string }) {
  const id = useId();
  const dialogId = `share-${id}`;
  const titleId = `share-title-${id}`;
  return (
    <>
      <button type="button" className="btn-secondary" commandfor={dialogId} command="show-modal" aria-haspopup="dialog">
        <ShareIcon /> Share
      </button>
      <dialog
        id={dialogId}
        closedby="any"
        aria-labelledby={titleId}
        className="m-auto w-[min(92vw,28rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-ink-900/50"
      >
        <div className="p-6">
          <div className="flex items-center justify-between">
            <h2 id={titleId} className="text-lg font-bold">
              Share this product
            </h2>
            <button
              type="button"
              commandfor={dialogId}
              command="close"
              className="rounded-md p-1 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-accent-600"
              aria-label="Close"
            >
              <CloseIcon />
            </button>
          </div>
          <ul className="mt-4 grid grid-cols-2 gap-2">
            {shareLinks(url, title).map((t) => (
              <li key={t.name}>
                <a
                  href={t.href}
                  target={t.window ? "_blank" : undefined}
                  data-window={t.window}
                  rel="noopener noreferrer"
                  className="btn-secondary w-full"
                >
                  {t.name}
                </a>
              </li>
            ))}
          </ul>
          <label htmlFor={`share-link-${id}`} className="label mt-4">
            Link
          </label>
          <input id={`share-link-${id}`} readOnly value={url} className="input text-sm" data-select-on-focus />
        </div>
      </dialog>
    </>
  );
}
