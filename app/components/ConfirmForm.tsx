import { useId, useRef } from "react";
import { Form, useSubmit } from "react-router";

/**
 * A form whose submit button first asks a question in a modal dialog (Yes / No). The dialog is a
 * native <dialog>: focus moves in, Escape closes it. Before JavaScript loads, the button submits
 * straight away.
 */
export function ConfirmForm({
  question,
  fields,
  children,
  buttonClass,
  buttonLabel,
  disabled,
}: {
  question: string;
  fields: Record<string, string>;
  children: React.ReactNode;
  buttonClass: string;
  buttonLabel?: string;
  disabled?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const submit = useSubmit();
  const id = useId();
  return (
    <Form
      method="post"
      ref={form}
      preventScrollReset
      onSubmit={(e) => {
        e.preventDefault();
        dialog.current?.showModal();
      }}
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClass} disabled={disabled} aria-label={buttonLabel}>
        {children}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={`${id}-q`}
        className="m-auto w-[min(92vw,24rem)] rounded-2xl p-6 shadow-2xl backdrop:bg-ink-900/50"
      >
        <p id={`${id}-q`} className="text-lg font-semibold text-ink-900">
          {question}
        </p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
            No
          </button>
          <button
            type="button"
            className="btn-accent"
            onClick={() => {
              dialog.current?.close();
              if (form.current) submit(form.current, { preventScrollReset: true });
            }}
          >
            Yes
          </button>
        </div>
      </dialog>
    </Form>
  );
}
