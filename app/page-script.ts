/**
 * The few things a page does in the browser without React (decision 028), written into every page
 * (compiled and minified at build: scripts/inline-script.ts, app/lib/page-script.server.ts).
 *
 * On every page: share links open the network's window at its size, dialog buttons work in
 * browsers that do not yet know HTML's `commandfor` or `closedby`, and carousels turn (the home page's, whether
 * React wrote it or the server did). On pages served without React's scripts
 * (`<html data-hydrate="false">`, a route whose handle says `hydrate: false`) also what the
 * components do with React: forms that submit when a choice changes, the catalogue's search box and
 * filters followed in place, a gallery thumbnail's picture shown in place, and messages that can be
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
if (typeof HTMLDialogElement === "function" && !("closedBy" in HTMLDialogElement.prototype)) {
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

// a menu (<details data-menu>) closes with Escape, back on its button, and when the focus leaves it
const OPEN_MENU = "details[data-menu][open]";
document.addEventListener("keydown", (event) => {
  const menu = closestIn<HTMLDetailsElement>(event, OPEN_MENU);
  if (menu && event.key === "Escape") {
    menu.open = false;
    menu.querySelector("summary")?.focus();
  }
});
document.addEventListener("focusout", (event) => {
  const menu = closestIn<HTMLDetailsElement>(event, OPEN_MENU);
  if (menu && !menu.contains(event.relatedTarget as Node | null)) menu.open = false;
});

// ── carousels ──
// [data-carousel="scroll"]: a scroll-snap track, one slide per width (HeroCarousel).
// [data-carousel="pages"]: a track moved by pages of slides; how many a page holds is the data-per-view of the
// row of dots whose data-media query matches (the row CSS shows); it plays every data-autoplay ms unless hovered,
// focused or for reduced motion (TestimonialSlider). Buttons: data-carousel-go="<index>" and
// data-carousel-step="-1|1"; the dot of what is shown has aria-current="true".

type Carousel = { root: HTMLElement; track: HTMLElement; count: number; current: number; dots: Element | undefined };

/** How long a scroll carousel's smooth scroll may take: after it, the track's position says where it is. */
const SCROLL_MS = 1000;

function carouselOf(root: HTMLElement): Carousel | null {
  const track = root.querySelector<HTMLElement>("[data-carousel-track]");
  if (!track) return null;
  // the row for the screen's width, by its media query: asking CSS (getComputedStyle) would style the page
  // at once, a task of its own at the page's start
  const dots = Array.from(root.querySelectorAll<HTMLElement>("[data-carousel-dots]")).find(
    (row) => row.dataset.media === undefined || matchMedia(row.dataset.media).matches,
  );
  if (root.dataset.carousel === "scroll") {
    const count = track.children.length;
    // while an arrow's or a dot's smooth scroll is under way, the slide it goes to: a second click then
    // counts from there, not from wherever the track has got to
    const to = root.dataset.to;
    const current =
      to !== undefined && Date.now() - Number(root.dataset.toAt) < SCROLL_MS
        ? Number(to)
        : Math.round(track.scrollLeft / Math.max(1, track.clientWidth));
    return { root, track, count, current, dots };
  }
  const perView = Number(dots?.getAttribute("data-per-view")) || 1;
  const count = Math.max(1, Math.ceil(track.children.length / perView));
  return { root, track, count, current: Math.min(Number(root.dataset.page) || 0, count - 1), dots };
}

function markDot({ dots }: Carousel, index: number) {
  dots?.querySelectorAll("[data-carousel-go]").forEach((dot, i) => {
    if (i === index) setAttributeIfChanged(dot, "aria-current", "true");
    else if (dot.hasAttribute("aria-current")) dot.removeAttribute("aria-current");
  });
}

/** Sets an attribute only when it changes: the page's start writes what the server wrote, and that costs a restyle. */
function setAttributeIfChanged(element: Element, name: string, value: string) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

function showInCarousel(carousel: Carousel, index: number) {
  const { root, track, count } = carousel;
  const target = ((index % count) + count) % count;
  if (root.dataset.carousel === "scroll") {
    root.dataset.to = String(target);
    root.dataset.toAt = String(Date.now());
    track.scrollTo({ left: target * track.clientWidth, behavior: "smooth" });
  } else {
    const perView = Number(carousel.dots?.getAttribute("data-per-view")) || 1;
    root.dataset.page = String(target);
    root.dataset.perView = String(perView);
    root.dataset.movedAt = String(Date.now());
    const transform = target ? `translateX(-${target * 100}%)` : "";
    if (track.style.transform !== transform) track.style.transform = transform;
    Array.from(track.children).forEach((slide, i) => {
      setAttributeIfChanged(slide, "aria-hidden", String(Math.floor(i / perView) !== target));
    });
  }
  markDot(carousel, target);
}

document.addEventListener("click", (event) => {
  const button = closestIn<HTMLElement>(event, "[data-carousel-go], [data-carousel-step]");
  const root = button?.closest<HTMLElement>("[data-carousel]");
  const carousel = root && carouselOf(root);
  if (!button || !carousel) return;
  const go = button.getAttribute("data-carousel-go");
  showInCarousel(
    carousel,
    go !== null ? Number(go) : carousel.current + Number(button.getAttribute("data-carousel-step")),
  );
});

// a swiped scroll track: its dot follows; once it comes to rest, its position says where it is again
for (const type of ["scroll", "scrollend"])
  document.addEventListener(
    type,
    (event) => {
      const root =
        event.target instanceof HTMLElement ? event.target.closest<HTMLElement>('[data-carousel="scroll"]') : null;
      if (root && type === "scrollend") delete root.dataset.to;
      const carousel = root && carouselOf(root);
      if (carousel && event.target === carousel.track) markDot(carousel, carousel.current);
    },
    { capture: true, passive: true },
  );

const pagedCarousels = () => document.querySelectorAll<HTMLElement>('[data-carousel="pages"]');
const isPaused = (root: HTMLElement) => root.matches(":hover") || root.contains(document.activeElement);

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/** Turns the paged carousels whose time has come (checked twice a second while a page has one). */
function playCarousels() {
  if (document.hidden) return;
  const carousels = pagedCarousels();
  if (carousels.length === 0) {
    // (a page that runs React has moved away from the carousel: a new one sets the timer again)
    clearInterval(playing);
    playing = undefined;
  }
  for (const root of carousels) {
    const every = Number(root.dataset.autoplay);
    const carousel = carouselOf(root);
    if (!every || !carousel || carousel.count < 2) continue;
    if (reducedMotion.matches || isPaused(root)) root.dataset.movedAt = String(Date.now());
    else if (Date.now() - Number(root.dataset.movedAt) >= every) showInCarousel(carousel, carousel.current + 1);
  }
}
let playing: ReturnType<typeof setInterval> | undefined;

/** New paged carousels (the server's, or React's after a move) are set for the screen's width; all, again after a resize. */
function layOutCarousels(all: boolean) {
  for (const root of pagedCarousels()) {
    const carousel = carouselOf(root);
    const perView = carousel?.dots?.getAttribute("data-per-view") ?? "1";
    if (carousel && (all || root.dataset.perView !== perView)) showInCarousel(carousel, carousel.current);
    playing ??= setInterval(playCarousels, 500);
  }
}
layOutCarousels(true);
if (document.documentElement.dataset.hydrate !== "false") {
  new MutationObserver(() => layOutCarousels(false)).observe(document.body, { childList: true, subtree: true });
}
addEventListener("resize", () => layOutCarousels(false));

// what the track says is announced only while the visitor holds it (hover, focus), not while it plays
for (const type of ["pointerover", "pointerout", "focusin", "focusout"]) {
  document.addEventListener(type, (event) => {
    const root = closestIn<HTMLElement>(event, '[data-carousel="pages"]');
    if (root) {
      requestAnimationFrame(() => {
        root.querySelector("[data-carousel-track]")?.setAttribute("aria-live", isPaused(root) ? "polite" : "off");
      });
    }
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
  // (read only where a choice can have been sent from: the tab's storage is opened by asking the browser,
  // several milliseconds of a page's start, more while the browser is busy)
  const cameBack = location.search !== "" && document.querySelector("form[data-submit-on-change]") !== null;
  const sent = cameBack ? parsed<{ path?: string; field?: string; show?: string }>(recall(COME_BACK_KEY)) : null;
  if (sent?.path === location.pathname) {
    const { field, show } = sent;
    if (show) document.getElementById(show)?.scrollIntoView();
    if (field) {
      document
        .querySelector<HTMLInputElement>(`form[data-submit-on-change] input[name="${CSS.escape(field)}"]:checked`)
        ?.focus({ preventScroll: true });
    }
  }

  // A gallery thumbnail shows its picture in the main image; the address follows (a reload or a shared link
  // shows the same picture) without a history entry, as the link itself (?image=) would reload the page.
  document.addEventListener("click", (event) => {
    const link = closestIn<HTMLAnchorElement>(event, "a[data-picture-src]");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // only a link to this very page (?image=) is shown in place; any other is followed as it is
    if (link.target || link.origin !== location.origin || link.pathname !== location.pathname) return;
    const list = link.closest<HTMLElement>("[data-gallery-for]");
    const picture = document.getElementById(list?.dataset.galleryFor ?? "");
    if (!list || !(picture instanceof HTMLImageElement)) return;
    event.preventDefault();
    const shown = link.dataset;
    picture.srcset = shown.pictureSrcset ?? "";
    picture.src = shown.pictureSrc ?? "";
    picture.width = Number(shown.pictureWidth);
    picture.height = Number(shown.pictureHeight);
    picture.alt = shown.pictureAlt ?? "";
    for (const other of list.querySelectorAll("a[data-picture-src]")) other.removeAttribute("aria-current");
    link.setAttribute("aria-current", "true");
    history.replaceState(history.state, "", link.href);
  });

  // The catalogue's search box and filters (forms marked data-live-form) are followed as they change, as
  // React's forms were: the page the fields ask for (the page the form loads without scripts) is fetched,
  // and each [data-live-part] here whose contents differ takes those of the new page's part of that name.
  // The fields are in no part: they stay as the visitor left them (value, caret, focus); they only take the
  // new page's aria-invalid and aria-describedby (the sort's options are a part of their own, its choice
  // kept). The address is replaced, not pushed; Back and Forward within this document put the parts of the
  // address they show in place. Each change cancels the answer still awaited. An error, a redirect, and a
  // personal answer (the visitor signed in or got a cart since) to a page served to nobody in particular
  // (<html> without data-personal: without opener isolation) are loaded as a document, the last without its
  // body being read; without a network the page stays as it is, and says so.
  const LIVE_FORMS = "form[data-live-form]";
  const FIELDS = "input[name], select[name]";
  const FOCUSABLE = "a[href], button, input, select";
  const TOASTS = "[data-toast]";
  const pathOf = (where: Location | URL) => where.pathname + where.search;
  let shown = pathOf(location);
  let awaited: AbortController | undefined;
  let typing: ReturnType<typeof setTimeout> | undefined;

  // (a form is asked nothing of its own: a field named like a member, "matches", would shadow it)
  const isLive = (form: unknown): form is HTMLFormElement =>
    form instanceof HTMLFormElement && Element.prototype.matches.call(form, LIVE_FORMS);
  const fieldsOf = (form: Element) =>
    Element.prototype.querySelectorAll.call(form, FIELDS) as NodeListOf<HTMLInputElement>;

  // The address of a form's fields, where the other live forms' own fields (not their hidden copies of this
  // one's) count too: a price typed while a search's answer is awaited is not lost.
  const addressOf = (form: HTMLFormElement) => {
    const values = new Map<string, string>();
    const read = (field: HTMLInputElement) =>
      values.set(field.name, field.type === "checkbox" && !field.checked ? "" : field.value);
    for (const field of fieldsOf(form)) read(field);
    for (const other of document.querySelectorAll(LIVE_FORMS)) {
      if (other !== form) for (const field of fieldsOf(other)) if (field.type !== "hidden") read(field);
    }
    const query = new URLSearchParams([...values].filter(([, value]) => value));
    const action = new URL(Element.prototype.getAttribute.call(form, "action") || location.href, location.href);
    return `${action.pathname}${query.size ? `?${query}` : ""}`;
  };

  // A page without React carries the style rules its content uses (decision 028), so the new page's rules
  // replace these with its parts. What stays of this page must find its rules there too: the fields, the
  // header, the parts' own elements (a message about what happened before goes with the change, as it does
  // when React renders the catalogue). Anything else that the new page lacks (nothing the shop writes today)
  // makes the change load the page as a document instead.
  const keepsItsStyles = (page: Document) => {
    const offered = new Set<string>();
    for (const element of page.querySelectorAll("[class]")) for (const name of element.classList) offered.add(name);
    const replaced = new Set(
      Array.from(page.querySelectorAll<HTMLElement>("[data-live-part]"), (p) => p.dataset.livePart),
    );
    for (const element of document.querySelectorAll("[class]")) {
      // a part's contents go, unless the new page has no such part (then they stay, and are checked)
      const part = element.parentElement?.closest<HTMLElement>("[data-live-part]");
      if (element.closest(TOASTS) || (part && replaced.has(part.dataset.livePart))) continue;
      for (const name of element.classList) if (!offered.has(name)) return false;
    }
    return true;
  };

  const chosenIn = (select: HTMLSelectElement) =>
    select.querySelector<HTMLOptionElement>("option[selected]")?.value ?? select.options[0]?.value ?? "";

  const putInPlace = (page: Document, fromHistory: boolean) => {
    for (const toast of document.querySelectorAll(TOASTS)) toast.remove();
    for (const part of document.querySelectorAll<HTMLElement>("[data-live-part]")) {
      const fresh = page.querySelector(`[data-live-part="${CSS.escape(part.dataset.livePart ?? "")}"]`);
      if (!fresh || part.innerHTML === fresh.innerHTML) continue;
      // the focus, inside what is replaced, goes to the element with the same text, else to the one in its place
      const focusables = Array.from(part.querySelectorAll(FOCUSABLE));
      const focused = focusables.indexOf(document.activeElement as Element);
      const focusedText = focusables[focused]?.textContent;
      const kept = part instanceof HTMLSelectElement && !fromHistory ? part.value : null;
      const chosen = fresh instanceof HTMLSelectElement ? chosenIn(fresh) : null;
      part.replaceChildren(...Array.from(document.adoptNode(fresh).childNodes));
      // a select's new options: the visitor's choice if it is still offered, else the one the new page marks
      if (part instanceof HTMLSelectElement && chosen !== null) {
        part.value = Array.from(part.options).some((o) => o.value === kept) ? (kept as string) : chosen;
      }
      const after = Array.from(part.querySelectorAll<HTMLElement>(FOCUSABLE));
      const again = after.find((el) => el.textContent === focusedText) ?? after[Math.min(focused, after.length - 1)];
      if (focused >= 0) (again ?? document.body).focus({ preventScroll: true });
    }
    for (const live of document.querySelectorAll(LIVE_FORMS)) {
      for (const field of fieldsOf(live)) {
        const fresh = field.id ? page.getElementById(field.id) : null;
        if (!(fresh instanceof HTMLInputElement || fresh instanceof HTMLSelectElement)) continue;
        for (const name of ["aria-invalid", "aria-describedby"]) {
          const value = fresh.getAttribute(name);
          if (value === null) field.removeAttribute(name);
          else field.setAttribute(name, value);
        }
        // Back or Forward: the fields show the address they go back to
        if (fromHistory) {
          if (fresh instanceof HTMLInputElement && fresh.type === "checkbox") field.checked = fresh.defaultChecked;
          else if (fresh instanceof HTMLInputElement) field.value = fresh.defaultValue;
          else field.value = chosenIn(fresh as HTMLSelectElement);
        }
      }
    }
    document.title = page.title;
  };

  const follow = async (address: string, fromHistory = false) => {
    awaited?.abort();
    const mine = new AbortController();
    awaited = mine;
    const results = document.querySelector('[data-live-part="results"]');
    results?.setAttribute("aria-busy", "true");
    // "Loading…" is said only for an answer that takes a while; a failure is said until the next answer
    const status = document.querySelector<HTMLElement>("[data-live-status]");
    const say = (text: string | undefined) => {
      if (status) status.textContent = text ?? "";
    };
    const saying = setTimeout(() => say(status?.dataset.pending), 400);
    let failed = false;
    try {
      const response = await fetch(address, { signal: mine.signal, headers: { accept: "text/html" } });
      if (mine !== awaited) return;
      const personal = /\bprivate\b/.test(response.headers.get("cache-control") ?? "");
      if (
        !response.ok ||
        response.redirected ||
        (personal && !document.documentElement.hasAttribute("data-personal"))
      ) {
        mine.abort();
        location.assign(address);
        return;
      }
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (mine !== awaited) return;
      if (!page.querySelector("[data-live-part]")) {
        location.assign(address);
        return;
      }
      // the page's own rules (InlineStyles in app/lib/inline-css.tsx marks them)
      const rules = document.head.querySelector("style[data-page-styles]");
      const newRules = page.head.querySelector("style[data-page-styles]");
      const restyle = rules?.textContent !== newRules?.textContent;
      if (restyle && !(rules && newRules && keepsItsStyles(page))) {
        location.assign(address);
        return;
      }
      putInPlace(page, fromHistory);
      if (restyle && rules && newRules) rules.textContent = newRules.textContent;
      shown = address;
      if (!fromHistory) history.replaceState(history.state, "", address);
    } catch {
      // aborted by a newer change, or no network (nothing answered): the page stays as it is
      failed = !mine.signal.aborted;
    } finally {
      clearTimeout(saying);
      if (mine === awaited) {
        results?.setAttribute("aria-busy", "false");
        say(failed ? status?.dataset.failed : "");
      }
    }
  };

  document.addEventListener("input", (event) => {
    const field = event.target;
    const form = field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.form : null;
    if (!isLive(form)) return;
    clearTimeout(typing);
    // an answer to the fields as they were must not land now (it would set the sort back, say)
    awaited?.abort();
    // a word typed at speed asks once
    typing = setTimeout(() => follow(addressOf(form)), 150);
  });
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!isLive(form)) return;
    event.preventDefault();
    clearTimeout(typing);
    follow(addressOf(form));
  });
  addEventListener("popstate", () => {
    clearTimeout(typing);
    if (document.querySelector(LIVE_FORMS) && pathOf(location) !== shown) follow(pathOf(location), true);
  });

  // a message goes with its button or Escape, and by itself after data-hide-after milliseconds
  for (const toast of document.querySelectorAll<HTMLElement>(TOASTS)) {
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
