import { useEffect, useState } from "react";
import { Form, Link, useBlocker, useNavigation } from "react-router";
import * as catalog from "../../../../domain/catalog/index.ts";
// browser-safe (the component uses them): not through the module's index, which brings the server's code
import { MAX_OPTIONS, MAX_VARIANTS } from "../../../../domain/catalog/limits.ts";
import { readImageUpload } from "../../../../domain/media/index.ts";
import { ACCEPTED_IMAGE_TYPES } from "../../../../domain/media/upload-rules.ts";
import { toDollars } from "../../../../domain/shared/money.ts";
import { type FormInput, formText } from "../../../../server/http/forms.ts";
import { CategoryPicker } from "../../../components/CategoryPicker.tsx";
import { Field, Spinner } from "../../../components/Field.tsx";
import { ProductStatusField } from "../../../components/ProductStatusField.tsx";
import { Toast, toastFor } from "../../../components/Toast.tsx";
import { handleForm } from "../../../lib/form.server.ts";
import { useImageUrls } from "../../../lib/images.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { notFoundPage, requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/edit-product";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: loaderData ? `Edit ${loaderData.product.title}` : "Edit product",
    description: "Edit a product of the catalogue.",
  });
}

/** Rows of options the form offers (the domain takes at most this many). */
const OPTION_ROWS = MAX_OPTIONS;
/** The variant rows a form can carry: every variant, and one new. */
const MAX_VARIANTS_ON_PAGE = MAX_VARIANTS + 1;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const product = await catalog.productForEditing(ctx, params.productId).catch(() => notFoundPage());
  return {
    product,
    categories: (await catalog.listCategories(ctx)).map(({ slug, name }) => ({ slug, name })),
    accept: ACCEPTED_IMAGE_TYPES.join(","),
    maxUploadBytes: ctx.config.maxUploadBytes,
  };
}

const list = (v: string) =>
  v
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The edit form's flat fields (`options.0.name`, `variants.1.sku`, …) as the API's JSON body,
 * with where each entry came from (so a message about `variants.0` shows beside row 2 when row 1
 * was removed).
 */
function formToInput(values: FormInput["values"]) {
  const text = (key: string) => formText(values, key).trim();
  const optionRows: number[] = [];
  const options: { name: string; values: string[] }[] = [];
  for (let i = 0; i < OPTION_ROWS; i++) {
    if (!text(`options.${i}.name`) && !text(`options.${i}.values`)) continue;
    optionRows.push(i);
    options.push({ name: text(`options.${i}.name`), values: list(text(`options.${i}.values`)) });
  }
  const variantRows: number[] = [];
  const variants: Record<string, unknown>[] = [];
  for (let j = 0; j < MAX_VARIANTS_ON_PAGE; j++) {
    if (!(`variants.${j}.sku` in values)) break;
    const id = text(`variants.${j}.id`);
    if (formText(values, `variants.${j}.remove`)) continue;
    if (!id && !text(`variants.${j}.sku`) && !text(`variants.${j}.stock`)) continue;
    variantRows.push(j);
    variants.push({
      ...(id ? { id } : {}),
      sku: text(`variants.${j}.sku`),
      price: text(`variants.${j}.price`) || null,
      stock: text(`variants.${j}.stock`),
      ...(id ? { stockWas: text(`variants.${j}.stockWas`) } : {}),
      options: Object.fromEntries(
        optionRows.flatMap((row, k) => (options[k].name ? [[options[k].name, text(`variants.${j}.opt.${row}`)]] : [])),
      ),
    });
  }
  const categories = values.Categories;
  const editedFrom = text("editedFrom");
  return {
    input: {
      ...(editedFrom ? { editedFrom } : {}),
      title: text("title"),
      Categories: categories === undefined ? [] : categories,
      price: text("price"),
      desc1: text("desc1"),
      desc2: text("desc2"),
      desc3: text("desc3"),
      desc4: text("desc4"),
      status: text("status"),
      options,
      variants,
    },
    optionRows,
    variantRows,
  };
}

/** Field names of the domain's messages (`variants.0.sku`) as the form's (`variants.2.sku`). */
function toFormFields(fields: Record<string, string>, optionRows: number[], variantRows: number[]) {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const m = /^(options|variants)\.(\d+)(.*)$/.exec(key);
    if (!m) {
      out[key] = message;
      continue;
    }
    const rows = m[1] === "options" ? optionRows : variantRows;
    let rest = m[3];
    // a variant's option value: `.options.<k>` is the form's `.opt.<row of option k>`
    const opt = /^\.options\.(\d+)$/.exec(rest);
    if (opt) rest = `.opt.${optionRows[Number(opt[1])] ?? opt[1]}`;
    out[`${m[1]}.${rows[Number(m[2])] ?? m[2]}${rest}`] = message;
  }
  return out;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const id = params.productId;
  let rows = { optionRows: [] as number[], variantRows: [] as number[] };
  const result = await handleForm(request, {
    run: async (values, form) => {
      const intent = formText(values, "intent");
      if (intent === "add-image") {
        const image = await readImageUpload(form.files.image, ctx.config.maxUploadBytes);
        await catalog.addProductImage(ctx, id, { alt: formText(values, "alt") }, image);
        return "Image added.";
      }
      if (intent === "move-image") {
        const by = formText(values, "by") === "up" ? -1 : 1;
        await catalog.moveProductImage(ctx, id, formText(values, "imageId"), by);
        return "Images reordered.";
      }
      if (intent === "remove-image") {
        await catalog.removeProductImage(ctx, id, formText(values, "imageId"));
        return "Image removed.";
      }
      if (intent === "save-images") {
        const order = formText(values, "order").split(",").filter(Boolean);
        await catalog.arrangeProductImages(ctx, id, {
          images: order.map((imageId) => ({ id: imageId, alt: formText(values, `alt.${imageId}`) })),
        });
        return "Alt texts saved.";
      }
      const converted = formToInput(values);
      rows = converted;
      await catalog.updateProduct(ctx, id, converted.input);
      return "Saved.";
    },
    success: (message) => message,
  });
  if (result instanceof Response) return result;
  // messages beside the form's own rows
  if ("data" in result && result.data && !result.data.ok) {
    result.data.fields = toFormFields(result.data.fields, rows.optionRows, rows.variantRows);
  }
  return result;
}

type Product = Route.ComponentProps["loaderData"]["product"];

function ErrorText({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

function TextArea({
  label,
  name,
  defaultValue,
  error,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
}) {
  const id = `field-${name}`;
  return (
    <div className="sm:col-span-2">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        rows={2}
        defaultValue={defaultValue}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <ErrorText id={`${id}-error`} message={error} />
    </div>
  );
}

function OptionsAndVariants({
  product,
  f,
  typed,
}: {
  product: Product;
  f: Record<string, string | undefined>;
  /** what was typed, when the save was refused (so nothing typed is lost) */
  typed?: Record<string, string>;
}) {
  const value = (name: string, saved: string) => typed?.[name] ?? saved;
  const optionRows = Array.from({ length: OPTION_ROWS }, (_, i) => product.options[i] ?? { name: "", values: [] });
  // the variants, plus one empty row for a new one
  const rows = [...product.variants.map((v) => ({ ...v, isNew: false })), null];
  return (
    <>
      <fieldset className="sm:col-span-2">
        <legend className="label">Options (for example Size: S, M, L)</legend>
        <div className="space-y-2">
          {optionRows.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows are fixed slots
            <div key={i} className="grid gap-2 sm:grid-cols-[12rem_1fr]">
              <div>
                <label htmlFor={`options.${i}.name`} className="sr-only">
                  Option {i + 1} name
                </label>
                <input
                  id={`options.${i}.name`}
                  name={`options.${i}.name`}
                  defaultValue={value(`options.${i}.name`, o.name)}
                  placeholder={`Option ${i + 1} name`}
                  className="input"
                  aria-invalid={f[`options.${i}.name`] ? true : undefined}
                  aria-describedby={f[`options.${i}.name`] ? `options-${i}-name-error` : undefined}
                />
                <ErrorText id={`options-${i}-name-error`} message={f[`options.${i}.name`]} />
              </div>
              <div>
                <label htmlFor={`options.${i}.values`} className="sr-only">
                  Option {i + 1} values, separated by commas
                </label>
                <input
                  id={`options.${i}.values`}
                  name={`options.${i}.values`}
                  defaultValue={value(`options.${i}.values`, o.values.join(", "))}
                  placeholder="Values, separated by commas"
                  className="input"
                  aria-invalid={f[`options.${i}.values`] ? true : undefined}
                  aria-describedby={f[`options.${i}.values`] ? `options-${i}-values-error` : undefined}
                />
                <ErrorText id={`options-${i}-values-error`} message={f[`options.${i}.values`]} />
              </div>
            </div>
          ))}
        </div>
        <ErrorText id="options-error" message={f.options} />
      </fieldset>
      <fieldset className="sm:col-span-2">
        <legend className="label">Variants</legend>
        <p className="mb-2 text-xs text-ink-600">
          Leave a variant's price empty to use the product's price. Fill the last row to add a variant.
        </p>
        <div className="space-y-3">
          {rows.map((v, j) => {
            const label = v ? v.title : "New variant";
            const err = (field: string) => f[`variants.${j}.${field}`];
            return (
              <fieldset key={v?.id ?? "new"} className="rounded-xl border border-ink-100 p-3" data-testid="variant-row">
                <legend className="px-1 text-sm font-semibold text-ink-800">{label}</legend>
                <input type="hidden" name={`variants.${j}.id`} value={v?.id ?? ""} />
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  <Field
                    label="SKU"
                    name={`variants.${j}.sku`}
                    id={`variants-${j}-sku`}
                    defaultValue={value(`variants.${j}.sku`, v?.sku ?? "")}
                    error={err("sku") ?? err("id")}
                  />
                  <Field
                    label="Price"
                    name={`variants.${j}.price`}
                    id={`variants-${j}-price`}
                    inputMode="decimal"
                    defaultValue={value(`variants.${j}.price`, v?.ownPrice ? toDollars(v.priceCents).toFixed(2) : "")}
                    placeholder="Product's"
                    error={err("price")}
                  />
                  {/* the stock as this page shows it: an order meanwhile is not overwritten */}
                  {v ? <input type="hidden" name={`variants.${j}.stockWas`} value={String(v.stock)} readOnly /> : null}
                  <Field
                    label="Stock"
                    name={`variants.${j}.stock`}
                    id={`variants-${j}-stock`}
                    inputMode="numeric"
                    defaultValue={value(`variants.${j}.stock`, v ? String(v.stock) : "")}
                    error={err("stock")}
                  />
                  {optionRows.map((o, i) =>
                    o.name || i === 0 ? (
                      <Field
                        // biome-ignore lint/suspicious/noArrayIndexKey: the option slots are fixed
                        key={i}
                        label={o.name || `Option ${i + 1}`}
                        name={`variants.${j}.opt.${i}`}
                        id={`variants-${j}-opt-${i}`}
                        defaultValue={value(`variants.${j}.opt.${i}`, v && o.name ? (v.options[o.name] ?? "") : "")}
                        error={err(`opt.${i}`)}
                      />
                    ) : null,
                  )}
                </div>
                <ErrorText id={`variants-${j}-options-error`} message={err("options")} />
                {v && (
                  <label className="mt-2 flex items-center gap-2 text-sm text-ink-700">
                    <input type="checkbox" name={`variants.${j}.remove`} value="1" /> Remove this variant
                  </label>
                )}
              </fieldset>
            );
          })}
        </div>
        <ErrorText id="variants-error" message={f.variants} />
      </fieldset>
    </>
  );
}

function Gallery({ product, accept, error }: { product: Product; accept: string; error?: string }) {
  const images = useImageUrls();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const order = product.images.map((i) => i.id).join(",");
  return (
    <section aria-labelledby="gallery-title" className="mt-8 rounded-2xl border border-ink-100 bg-white p-4 sm:p-6">
      <h2 id="gallery-title" className="text-lg font-semibold text-ink-900">
        Images
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        The first image is the one shown on cards and first on the product page.
      </p>
      <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="gallery">
        {product.images.map((image, i) => (
          <li key={image.id} className="rounded-xl border border-ink-100 p-3" data-testid="gallery-image">
            <img
              src={images.url(image.key)}
              alt={image.alt || `Image ${i + 1} of ${product.title}`}
              width={image.width}
              height={image.height}
              className="aspect-square w-full rounded-lg bg-ink-50 object-cover"
            />
            <p className="mt-2 text-sm font-medium text-ink-800">{i === 0 ? "Main image" : `Image ${i + 1}`}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {[
                { by: "up", label: "Move earlier", show: i > 0 },
                { by: "down", label: "Move later", show: i < product.images.length - 1 },
              ].map(
                (b) =>
                  b.show && (
                    <Form method="post" key={b.by}>
                      <input type="hidden" name="imageId" value={image.id} />
                      <input type="hidden" name="by" value={b.by} />
                      <button
                        type="submit"
                        name="intent"
                        value="move-image"
                        className="btn-secondary px-3 py-1.5 text-sm"
                        aria-label={`${b.label}: image ${i + 1}`}
                        disabled={busy}
                      >
                        {b.label}
                      </button>
                    </Form>
                  ),
              )}
              {product.images.length > 1 && (
                <Form method="post">
                  <input type="hidden" name="imageId" value={image.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="remove-image"
                    className="btn-secondary px-3 py-1.5 text-sm text-red-800"
                    aria-label={`Remove image ${i + 1}`}
                    disabled={busy}
                  >
                    Remove
                  </button>
                </Form>
              )}
            </div>
          </li>
        ))}
      </ol>
      <Form method="post" className="mt-4 space-y-2">
        <input type="hidden" name="order" value={order} />
        {product.images.map((image, i) => (
          <div key={image.id}>
            <label htmlFor={`alt-${image.id}`} className="label">
              Alt text of {i === 0 ? "the main image" : `image ${i + 1}`}
            </label>
            <input id={`alt-${image.id}`} name={`alt.${image.id}`} defaultValue={image.alt} className="input" />
          </div>
        ))}
        <button type="submit" name="intent" value="save-images" className="btn-secondary text-sm" disabled={busy}>
          Save alt texts
        </button>
      </Form>
      <Form method="post" encType="multipart/form-data" className="mt-6 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor="new-image" className="label">
            Add an image
          </label>
          <input
            id="new-image"
            name="image"
            type="file"
            accept={accept}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "new-image-error" : undefined}
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-ink-900 file:px-4 file:py-2 file:font-semibold file:text-white"
          />
          <ErrorText id="new-image-error" message={error} />
        </div>
        <Field label="Its alt text" name="alt" id="new-image-alt" />
        <button
          type="submit"
          name="intent"
          value="add-image"
          className="btn-primary text-sm sm:col-span-2"
          disabled={busy}
        >
          {busy && navigation.formData?.get("intent") === "add-image" && <Spinner />}
          Upload image
        </button>
      </Form>
    </section>
  );
}

/** Warns before leaving with unsaved changes: the browser's own prompt on unload, a question on in-app navigation. */
function useUnsavedChangesWarning(dirty: boolean) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm("You have unsaved changes. Leave this page without saving?")) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}

export default function EditProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { product, categories, accept } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const failed = actionData && !actionData.ok ? actionData : null;
  const savedForm = failed?.values.intent === "save" ? failed : null;
  const f: Record<string, string | undefined> = savedForm?.fields ?? {};
  const imageError = failed && failed.values.intent !== "save" ? (failed.fields.image ?? failed.message) : undefined;
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesWarning(dirty);
  // a successful save (or any answer) starts clean again
  useEffect(() => {
    if (actionData?.ok) setDirty(false);
  }, [actionData]);
  const v = savedForm?.values;
  const checked = new Set(v ? (v.Categories ?? "").split(",") : product.categories.map((c) => c.slug));
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="section-title">Edit product</h1>
        <div className="flex gap-2">
          <Link to="/dashboard/products" className="btn-secondary text-sm">
            All products
          </Link>
          <Link to={`/product/${product.id}`} className="btn-secondary text-sm">
            View in shop
          </Link>
        </div>
      </div>
      <Toast toast={toastFor(actionData)} />
      {savedForm && (
        <p role="alert" className="mt-4 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {savedForm.message} Nothing was saved.
        </p>
      )}
      <Form
        method="post"
        key={actionData?.ok ? `saved-${JSON.stringify(product.variants.map((x) => x.id))}` : "form"}
        className="mt-6 grid gap-4 rounded-2xl border border-ink-100 bg-white p-4 shadow-sm sm:grid-cols-2 sm:p-6"
        noValidate
        onChange={() => setDirty(true)}
        onSubmit={() => setDirty(false)}
        data-testid="edit-product-form"
      >
        {/* the product as this page showed it: a save is refused once it changed (another tab, an import) */}
        <input type="hidden" name="editedFrom" value={v?.editedFrom ?? product.editedFrom} readOnly />
        <Field
          className="sm:col-span-2"
          label="Title"
          name="title"
          required
          defaultValue={v?.title ?? product.title}
          error={f.title}
        />
        <ProductStatusField checked={v?.status ?? product.status} error={f.status} />
        <CategoryPicker categories={categories} checked={checked} error={f.Categories} />
        <Field
          label="Price (USD)"
          name="price"
          inputMode="decimal"
          required
          defaultValue={v?.price ?? toDollars(product.priceCents).toFixed(2)}
          error={f.price}
        />
        <div className="hidden sm:block" />
        <TextArea label="Feature 1" name="desc1" defaultValue={v?.desc1 ?? product.desc1} error={f.desc1} />
        <TextArea
          label="Feature 2 (optional)"
          name="desc2"
          defaultValue={v?.desc2 ?? product.desc2 ?? ""}
          error={f.desc2}
        />
        <TextArea
          label="Feature 3 (optional)"
          name="desc3"
          defaultValue={v?.desc3 ?? product.desc3 ?? ""}
          error={f.desc3}
        />
        <TextArea
          label="Feature 4 (optional)"
          name="desc4"
          defaultValue={v?.desc4 ?? product.desc4 ?? ""}
          error={f.desc4}
        />
        <OptionsAndVariants product={product} f={f} typed={v} />
        <button type="submit" name="intent" value="save" className="btn-accent sm:col-span-2" disabled={saving}>
          {saving && <Spinner />}
          {saving ? "Saving…" : "Save changes"}
        </button>
      </Form>
      <Gallery product={product} accept={accept} error={imageError} />
    </div>
  );
}
