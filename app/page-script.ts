/**
 * The few things a page does in the browser without React (decision 028), written into every page
 * (compiled and minified at build: scripts/inline-script.ts, app/lib/page-script.server.ts).
 *
 * On every page: share links open the network's window at its size, and dialog buttons work in
 * browsers that do not yet know HTML's `commandfor` or `closedby`. On pages served without React's scripts
 * (`<html data-hydrate="false">`, a route whose handle says `hydrate: false`) also what the
 * components do with React: forms that submit when a choice changes, and messages that can be
 * dismissed and fade. Pages with React do those themselves, so this script leaves them alone there.
 */

const closestIn = <T extends Element>(event: Event, selector: string): T | null =>
  event.target instanceof Element ? (event.target.closest(selector) as T | null) : null;

/** Keeps a value for the next page of this tab (nothing, where storage is refused). */
function remember(key: string, value: string) {
  try {
    sessionStorage.setItem(key, value);
  } catch {}
}

/** Takes back a value kept for this page. */
function recall(key: string): string | null {
  try {
    const value = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

/** A kept JSON value, or null when there is none or it cannot be read (kept by another version of this script). */
function parsed<T>(text: string | null): T | null {
  try {
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

// a share link with data-window="550x400" opens a window of that size, centred
document.addEventListener("click", (event) => {
  const link = closestIn<HTMLAnchorElement>(event, "a[data-window]");
  const [width = 0, height = 0] = (link?.dataset.window ?? "").split("x").map(Number);
  if (!link || !width || !height) return;
  event.preventDefault();
  const left = Math.max(0, (screen.width - width) / 2);
  const top = Math.max(0, (screen.height - height) / 2);
  window.open(link.href, link.target, `width=${width},height=${height},left=${left},top=${top},noopener`);
});

// a field whose text is there to be copied is selected when it gets focus
document.addEventListener("focusin", (event) => {
  if (event.target instanceof HTMLInputElement && event.target.hasAttribute("data-select-on-focus")) {
    event.target.select();
  }
});

// <dialog closedby="any">: a click beside it (on its backdrop) closes it, where the browser does not do it itself
if (!("closedBy" in HTMLDialogElement.prototype)) {
  document.addEventListener("click", (event) => {
    const dialog = event.target;
    if (dialog instanceof HTMLDialogElement && dialog.open && dialog.getAttribute("closedby") === "any") dialog.close();
  });
}

// <button commandfor="dialog-id" command="show-modal|close"> where the browser does not do it itself
if (!("commandForElement" in HTMLButtonElement.prototype)) {
  document.addEventListener("click", (event) => {
    const button = closestIn<HTMLButtonElement>(event, "button[commandfor]");
    const dialog = document.getElementById(button?.getAttribute("commandfor") ?? "");
    if (!(dialog instanceof HTMLDialogElement)) return;
    const command = button?.getAttribute("command");
    if (command === "show-modal") dialog.showModal();
    else if (command === "close") dialog.close();
  });
}

if (document.documentElement.dataset.hydrate === "false") {
  // A choice (a size, a colour) is sent as soon as it is made, in place of this address (no history entry
  // per click); the form's own button is not needed then. The page comes back showing the element the form
  // names (data-submit-on-change="<id>") with the focus on the new choice, so that arrow keys go on through
  // a radio group. The form is only read (FormData, a prototype's getAttribute), never asked for its own
  // members: a field named like one (an option's name is free text: "requestSubmit") would shadow it.
  const COME_BACK_KEY = "vitrine:choice-sent";
  document.addEventListener("change", (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || !field.form) return;
    const show = Element.prototype.getAttribute.call(field.form, "data-submit-on-change");
    if (show === null) return;
    remember(COME_BACK_KEY, JSON.stringify({ path: location.pathname, field: field.name, show }));
    const query = new URLSearchParams(new FormData(field.form) as unknown as Record<string, string>);
    location.replace(`${location.pathname}?${query}`);
  });
  for (const button of document.querySelectorAll<HTMLElement>("form[data-submit-on-change] [data-without-script]")) {
    button.hidden = true;
  }
  const sent = parsed<{ path?: string; field?: string; show?: string }>(recall(COME_BACK_KEY));
  if (sent?.path === location.pathname) {
    const { field, show } = sent;
    if (show) document.getElementById(show)?.scrollIntoView();
    if (field) {
      document
        .querySelector<HTMLInputElement>(`form[data-submit-on-change] input[name="${CSS.escape(field)}"]:checked`)
        ?.focus({ preventScroll: true });
    }
  }

  // a message goes with its button or Escape, and by itself after data-hide-after milliseconds
  for (const toast of document.querySelectorAll<HTMLElement>("[data-toast]")) {
    const dismiss = () => toast.remove();
    toast.querySelector("[data-dismiss]")?.addEventListener("click", dismiss);
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape") dismiss();
    });
    const after = Number(toast.dataset.hideAfter);
    if (after > 0) setTimeout(dismiss, after);
  }
}

export {};
