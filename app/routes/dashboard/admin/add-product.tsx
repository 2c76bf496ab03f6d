import { useEffect, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import * as catalog from "../../../../domain/catalog/index.ts";
import { DEFAULT_NEW_STOCK, MAX_STOCK } from "../../../../domain/catalog/limits.ts";
import { readImageUpload } from "../../../../domain/media/index.ts";
import {
  ACCEPTED_IMAGE_TYPES,
  imageTooLargeMessage,
  UPLOAD_FORM_FIELDS_BYTES,
} from "../../../../domain/media/upload-rules.ts";
import { DomainError } from "../../../../domain/shared/errors.ts";
import { CategoryPicker } from "../../../components/CategoryPicker.tsx";
import { Field, Spinner } from "../../../components/Field.tsx";
import { ProductStatusField } from "../../../components/ProductStatusField.tsx";
import { Toast } from "../../../components/Toast.tsx";
import { formFailure, handleForm } from "../../../lib/form.server.ts";
import { pageMeta } from "../../../lib/meta.ts";
import { requestCtx, requireAdminPage } from "../../../lib/request.server.ts";
import type { Route } from "./+types/add-product";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Add A Product", description: "Add a product to the catalogue." });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  return {
    categories: (await catalog.listCategories(ctx)).map(({ slug, name }) => ({ slug, name })),
    maxUploadBytes: ctx.config.maxUploadBytes,
    accept: ACCEPTED_IMAGE_TYPES.join(","),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireAdminPage(ctx, request);
  const limit = ctx.config.maxUploadBytes;
  // an oversized upload is answered from its declared length, beside the image field, before it is read
  if (Number(request.headers.get("content-length") ?? 0) > limit + UPLOAD_FORM_FIELDS_BYTES) {
    return formFailure(
      new DomainError("payload_too_large", "The image is too large.", { image: imageTooLargeMessage(limit) }),
    );
  }
  return handleForm(request, {
    run: async (values, form) => {
      const image = await readImageUpload(form.files.image, limit);
      return catalog.addProduct(ctx, values, image);
    },
  });
}

function ImagePicker({
  accept,
  error: serverError,
  maxUploadBytes,
}: {
  accept: string;
  error?: string;
  maxUploadBytes: number;
}) {
  const maxUploadMb = Math.round(maxUploadBytes / 1024 / 1024);
  const [preview, setPreview] = useState<string | null>(null);
  // An image over the limit is refused here, before it is uploaded (the server refuses it too).
  const [tooLarge, setTooLarge] = useState<string | null>(null);
  const error = tooLarge ?? serverError;
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <div className="sm:col-span-2">
      <label htmlFor="image" className="label">
        Image
      </label>
      <div className="flex flex-wrap items-center gap-4">
        <div className="flex h-32 w-32 items-center justify-center overflow-hidden rounded-xl border border-dashed border-ink-300 bg-ink-50 text-xs text-ink-600">
          {preview ? (
            <img src={preview} alt="Preview of your upload" className="h-full w-full object-cover" />
          ) : (
            "No image yet"
          )}
        </div>
        <div className="min-w-0 flex-1">
          <input
            id="image"
            name="image"
            type="file"
            accept={accept}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "image-error image-help" : "image-help"}
            className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-ink-900 file:px-4 file:py-2 file:font-semibold file:text-white"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              if (file && file.size > maxUploadBytes) {
                e.currentTarget.value = "";
                setTooLarge(`${imageTooLargeMessage(maxUploadBytes)} Choose a smaller image.`);
                setPreview(null);
                return;
              }
              setTooLarge(null);
              setPreview(file ? URL.createObjectURL(file) : null);
            }}
          />
          <p id="image-help" className="mt-1 text-xs text-ink-600">
            JPEG, PNG, WebP, GIF or AVIF, up to {maxUploadMb} MB. It is stored as WebP at two sizes.
          </p>
          {error && (
            <p id="image-error" className="field-error">
              {error}
            </p>
          )}
        </div>
      </div>
    </div>
  );
}

export default function AddProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, maxUploadBytes, accept } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const v = failed?.values;
  const f: Record<string, string | undefined> = !failed
    ? {}
    : Object.keys(failed.fields).length
      ? failed.fields
      : { image: failed.message };
  return (
    <div>
      <h1 className="section-title">Add A Product</h1>
      <Toast toast={actionData?.ok ? { message: "Product has been added!", kind: "success" } : null} />
      {actionData?.ok && (
        <div
          role="alertdialog"
          aria-labelledby="added-title"
          className="mt-4 rounded-2xl border border-emerald-300 bg-emerald-50 p-5 text-emerald-900"
        >
          <p id="added-title" className="text-lg font-semibold">
            Product has been added!
          </p>
          <p className="mt-1 text-sm">
            Success:{" "}
            <Link to={`/product/${actionData.result.id}`} className="font-semibold underline">
              see it in the catalogue
            </Link>
            .
          </p>
        </div>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        key={actionData?.ok ? actionData.result.id : "new"}
        className="mt-6 grid gap-4 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm sm:grid-cols-2"
        noValidate
      >
        <Field className="sm:col-span-2" label="Title" name="title" required defaultValue={v?.title} error={f.title} />
        <ProductStatusField checked={v?.status ?? "published"} error={f.status} />
        <CategoryPicker
          categories={categories}
          checked={new Set(v?.Categories?.split(",") ?? [])}
          error={f.Categories}
        />
        <Field
          label="Price (USD)"
          name="price"
          inputMode="decimal"
          required
          placeholder="49.90"
          defaultValue={v?.price}
          error={f.price}
        />
        <Field
          label="Stock on hand"
          name="stock"
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_STOCK}
          step={1}
          defaultValue={v?.stock ?? DEFAULT_NEW_STOCK}
          error={f.stock}
        />
        <Field
          className="sm:col-span-2"
          label="Feature 1"
          name="desc1"
          required
          defaultValue={v?.desc1}
          error={f.desc1}
        />
        <Field
          className="sm:col-span-2"
          label="Feature 2 (optional)"
          name="desc2"
          defaultValue={v?.desc2}
          error={f.desc2}
        />
        <Field
          className="sm:col-span-2"
          label="Feature 3 (optional)"
          name="desc3"
          defaultValue={v?.desc3}
          error={f.desc3}
        />
        <Field
          className="sm:col-span-2"
          label="Feature 4 (optional)"
          name="desc4"
          defaultValue={v?.desc4}
          error={f.desc4}
        />
        <ImagePicker accept={accept} error={f.image} maxUploadBytes={maxUploadBytes} />
        <button type="submit" className="btn-accent sm:col-span-2" disabled={busy}>
          {busy && <Spinner />}
          {busy ? "Adding the product…" : "Add product"}
        </button>
      </Form>
    </div>
  );
}
