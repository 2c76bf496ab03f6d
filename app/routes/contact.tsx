import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { CONTACT_MESSAGE_MAX_LENGTH, CONTACT_NAME_MAX_LENGTH } from "../../domain/content/contact-rules.ts";
import { sendContactMessage } from "../../domain/content/index.ts";
import { PHONE_MAX_LENGTH } from "../../domain/shared/phone.ts";
import { ClockIcon, MailIcon, PhoneIcon, PinIcon } from "../components/Icons.tsx";
import { contactDetails } from "../content/pages.ts";
import { handleForm } from "../lib/form.server.ts";
import { telHref } from "../lib/format.ts";
import { pageMeta } from "../lib/meta.ts";
import { requestCtx } from "../lib/request.server.ts";
import type { Route } from "./+types/contact";

const FIELDS = ["name", "email", "phone", "message"] as const;
type Field = (typeof FIELDS)[number];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: "Contact us",
    description: "Write to us, call or visit: our team answers every day from 9:00 to 17:00.",
  });
}

/** Static details, sent from the server so that the content module stays out of the browser bundle. */
export function loader() {
  return { contact: contactDetails };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  return handleForm(request, { run: (values) => sendContactMessage(ctx, values) });
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const failed = actionData && !actionData.ok ? actionData : null;
  const errors: Partial<Record<string, string>> = failed?.fields ?? {};
  const values: Partial<Record<Field, string>> = failed?.values ?? {};

  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      // sent: start again with an empty form (without JavaScript the new page is empty anyway)
      formRef.current?.reset();
      return;
    }
    const first = FIELDS.find((f) => actionData.fields[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }, [actionData]);

  const fieldProps = (name: Field) => ({
    id: `contact-${name}`,
    name,
    defaultValue: values[name] ?? "",
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `contact-${name}-error` : undefined,
    className: "input",
  });
  const fieldError = (name: Field) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    ) : null;

  const details = [
    {
      Icon: PinIcon,
      title: "Visit us",
      body: <address className="not-italic">{contact.address}</address>,
    },
    {
      Icon: PhoneIcon,
      title: "Call us",
      body: (
        <ul>
          {contact.phones.map((p) => (
            <li key={p}>
              <a href={telHref(p)} className="hover:text-accent-700 hover:underline">
                {p}
              </a>
            </li>
          ))}
        </ul>
      ),
    },
    {
      Icon: MailIcon,
      title: "Email us",
      body: (
        <a href={`mailto:${contact.email}`} className="hover:text-accent-700 hover:underline">
          {contact.email}
        </a>
      ),
    },
    {
      Icon: ClockIcon,
      title: "Opening hours",
      body: <p>{contact.hours}</p>,
    },
  ];

  return (
    <>
      <section
        aria-labelledby="contact-title"
        className="border-b border-ink-100 bg-gradient-to-br from-accent-50 via-white to-ink-100"
      >
        <div className="container-page py-12 md:py-16">
          <p className="text-sm font-semibold uppercase tracking-widest text-accent-800">We are here to help</p>
          <h1 id="contact-title" className="mt-3 text-4xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
            Contact us
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-700">
            Questions about an order, a size or a device? Send us a message and we will get back to you within one
            working day.
          </p>
        </div>
      </section>

      <div className="container-page mt-10 grid gap-10 md:grid-cols-5 lg:gap-14">
        <section aria-labelledby="details-title" className="md:col-span-2">
          <h2 id="details-title" className="section-title">
            Get in touch
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 md:grid-cols-1">
            {details.map(({ Icon, title, body }) => (
              <li key={title} className="flex gap-4 rounded-2xl border border-ink-100 bg-white p-5 shadow-sm">
                <span className="h-fit rounded-full bg-accent-50 p-3 text-accent-700">
                  <Icon className="h-5 w-5" />
                </span>
                <div className="min-w-0 text-ink-700">
                  <h3 className="font-semibold text-ink-900">{title}</h3>
                  <div className="mt-1 break-words">{body}</div>
                </div>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="form-title" className="md:col-span-3">
          <div className="rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:p-8">
            <h2 id="form-title" className="section-title">
              Send us a message
            </h2>
            <p className="mt-2 text-ink-600">Fields marked with an asterisk (*) are required.</p>

            <div role="status">
              {actionData?.ok && (
                <p className="mt-6 rounded-xl border border-green-200 bg-green-50 p-4 font-medium text-green-800">
                  Thank you — your message has been sent. We will reply within one working day.
                </p>
              )}
            </div>
            {failed && (
              <p role="alert" className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 font-medium text-red-800">
                {failed.message}
              </p>
            )}

            <Form
              ref={formRef}
              method="post"
              noValidate
              className="mt-6 grid gap-5 sm:grid-cols-2"
              aria-labelledby="form-title"
            >
              <div>
                <label htmlFor="contact-name" className="label">
                  Name <span aria-hidden="true">*</span>
                </label>
                <input
                  {...fieldProps("name")}
                  type="text"
                  autoComplete="name"
                  required
                  maxLength={CONTACT_NAME_MAX_LENGTH}
                />
                {fieldError("name")}
              </div>
              <div>
                <label htmlFor="contact-email" className="label">
                  Email <span aria-hidden="true">*</span>
                </label>
                <input {...fieldProps("email")} type="email" autoComplete="email" required />
                {fieldError("email")}
              </div>
              <div className="sm:col-span-2">
                <label htmlFor="contact-phone" className="label">
                  Phone <span className="font-normal text-ink-600">(optional)</span>
                </label>
                <input {...fieldProps("phone")} type="tel" autoComplete="tel" maxLength={PHONE_MAX_LENGTH} />
                {fieldError("phone")}
              </div>
              <div className="sm:col-span-2">
                <label htmlFor="contact-message" className="label">
                  Message <span aria-hidden="true">*</span>
                </label>
                <textarea {...fieldProps("message")} rows={6} required maxLength={CONTACT_MESSAGE_MAX_LENGTH} />
                {fieldError("message")}
              </div>
              <div className="sm:col-span-2">
                <button type="submit" className="btn-accent w-full px-8 py-3 text-base sm:w-auto" disabled={sending}>
                  {sending && (
                    <span
                      className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                      aria-hidden="true"
                    />
                  )}
                  {sending ? "Sending…" : "Send"}
                </button>
              </div>
            </Form>
          </div>
        </section>
      </div>
    </>
  );
}
