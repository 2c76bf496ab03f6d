import { useRef } from "react";
import { CloseIcon, ShareIcon } from "./Icons.tsx";

/** The share windows the shop has always opened: 550×400, LinkedIn 750×600. */
const targets = (url: string, title: string) =>
  [
    {
      name: "Facebook",
      href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      size: [550, 400],
    },
    {
      name: "Twitter",
      href: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
      size: [550, 400],
    },
    {
      name: "LinkedIn",
      href: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
      size: [750, 600],
    },
    {
      name: "E-mail",
      href: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`,
      size: null,
    },
  ] as const;

/**
 * A native <dialog>: focus moves into it, Tab stays inside, Escape closes it. Each link is a real
 * link (it works without JavaScript); with JavaScript it opens the network's share window.
 */
export function ShareDialog({ url, title }: { url: string; title: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button
        type="button"
        className="btn-secondary"
        onClick={() => dialog.current?.showModal()}
        aria-haspopup="dialog"
      >
        <ShareIcon /> Share
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape does the same from the keyboard */}
      <dialog
        ref={dialog}
        aria-labelledby="share-title"
        className="m-auto w-[min(92vw,28rem)] rounded-2xl p-0 shadow-2xl backdrop:bg-ink-900/50"
        onClick={(e) => {
          if (e.target === dialog.current) dialog.current.close();
        }}
      >
        <div className="p-6">
          <div className="flex items-center justify-between">
            <h2 id="share-title" className="text-lg font-bold">
              Share this product
            </h2>
            <button
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md p-1 hover:bg-ink-100 focus-visible:outline-2 focus-visible:outline-accent-600"
              aria-label="Close"
            >
              <CloseIcon />
            </button>
          </div>
          <ul className="mt-4 grid grid-cols-2 gap-2">
            {targets(url, title).map((t) => (
              <li key={t.name}>
                <a
                  href={t.href}
                  target={t.size ? "_blank" : undefined}
                  rel="noopener noreferrer"
                  className="btn-secondary w-full"
                  onClick={(e) => {
                    if (!t.size) return;
                    e.preventDefault();
                    const [w, h] = t.size;
                    const left = Math.max(0, (window.screen.width - w) / 2);
                    const top = Math.max(0, (window.screen.height - h) / 2);
                    window.open(t.href, `share-${t.name}`, `width=${w},height=${h},left=${left},top=${top},noopener`);
                  }}
                >
                  {t.name}
                </a>
              </li>
            ))}
          </ul>
          <label htmlFor="share-link" className="label mt-4">
            Link
          </label>
          <input
            id="share-link"
            readOnly
            value={url}
            className="input text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      </dialog>
    </>
  );
}
