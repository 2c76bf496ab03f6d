import { type MouseEvent, type ReactNode, type RefObject, useEffect, useRef } from "react";

/** A refused form post as a page action answers it (app/lib/form.server.ts's FormFailure). */
export type Failure = { ok: false; message: string; fields: Record<string, string> };

/** The summary's words when the failure's own message is one field's (the domain's words for a refused form). */
const FIELDS_NEED_ATTENTION = "Some fields need attention.";

/** The id of a field's input, as Field gives it (`field-<name>`): what the summary's links point at. */
export const fieldId = (name: string) => `field-${name}`;

/**
 * Moves the focus to the returned ref's element after each new refused post (`failure`, a new
 * object per answer), so that a keyboard or screen-reader user is taken to what went wrong. `before`
 * runs first (to put a field back as it was, say). Without JavaScript, the element's `autoFocus`
 * (in the server's HTML) does the same when the answer's page loads.
 */
export function useFocusOnFailure<T extends HTMLElement>(
  failure: object | null | undefined,
  before?: (element: T) => void,
): RefObject<T | null> {
  const ref = useRef<T>(null);
  const beforeRef = useRef(before);
  beforeRef.current = before;
  useEffect(() => {
    const element = ref.current;
    if (!failure || !element) return;
    beforeRef.current?.(element);
    element.focus();
  }, [failure]);
  return ref;
}

/**
 * What a refused form post says, at the top of the form, announced (role="alert") and given the
 * focus: the failure's message, then a link to each field in error, named by its label (the
 * messages themselves are beside the fields, tied to them by aria-describedby), so that the visitor
 * can go straight to each. Fields the form does not show are listed with their message. Without
 * JavaScript the summary is in the answer's page and takes the focus as it loads; with it, the
 * focus moves to it after each refused post, and its links focus their field.
 *
 * `labels`: field name → label, in the form's order; `idOf`: a field's element id (Field's by default).
 * `children`: more to say (a link to act on a failure that names no field, say).
 */
export function ErrorSummary({
  failure,
  labels,
  idOf = fieldId,
  children,
  className = "",
}: {
  failure: Failure | null | undefined;
  labels: Record<string, string>;
  idOf?: (name: string) => string;
  children?: ReactNode;
  className?: string;
}) {
  const ref = useFocusOnFailure<HTMLDivElement>(failure);
  if (!failure) return null;
  const named = Object.keys(labels).filter((name) => failure.fields[name]);
  const others = Object.entries(failure.fields).filter(([name]) => !(name in labels));
  // a message that is one field's own is said beside that field; the summary then says what the list is
  const title = Object.values(failure.fields).includes(failure.message) ? FIELDS_NEED_ATTENTION : failure.message;
  const focusField = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    // (followed as a link, the address would change and the router would drop the refused post's answer)
    const field = document.getElementById(idOf(name));
    if (!field) return;
    event.preventDefault();
    // (in the middle of the screen: its label and message stay clear of the sticky header)
    field.scrollIntoView({ block: "center" });
    field.focus({ preventScroll: true });
  };
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      // biome-ignore lint/a11y/noAutofocus: only in the answer to a refused post, so that without JavaScript the visitor lands on what went wrong
      autoFocus
      data-testid="error-summary"
      className={`scroll-mt-24 rounded-lg border border-red-200 bg-red-50 px-3 py-2 font-medium text-red-800 focus-visible:outline-2 focus-visible:outline-red-700 ${className}`}
    >
      <p>{title}</p>
      {(named.length > 0 || others.length > 0) && (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {named.map((name) => (
            <li key={name}>
              <a href={`#${idOf(name)}`} className="underline" onClick={(e) => focusField(e, name)}>
                {labels[name]}
              </a>
            </li>
          ))}
          {others.map(([name, message]) => (
            <li key={name}>{message}</li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
