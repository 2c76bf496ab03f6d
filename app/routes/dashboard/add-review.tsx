import { Form, useNavigation } from "react-router";
import { addReview } from "../../../domain/reviews/index.ts";
import { DEFAULT_RATING } from "../../../domain/reviews/rating.ts";
import { Spinner } from "../../components/Field.tsx";
import { ErrorSummary, fieldId } from "../../components/FormErrors.tsx";
import { StarRating } from "../../components/StarRating.tsx";
import { Toast, toastFor } from "../../components/Toast.tsx";
import { handleForm } from "../../lib/form.server.ts";
import { pageMeta } from "../../lib/meta.ts";
import { requestCtx, requireSignedIn } from "../../lib/request.server.ts";
import type { Route } from "./+types/add-review";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: "Add A Review", description: "Tell other shoppers what you think." });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requestCtx(context);
  requireSignedIn(ctx, request);
  return handleForm(request, {
    run: async (values) => ({ review: await addReview(ctx, values), postedAt: Date.now() }),
    success: "Thank you! Your review has been posted.",
  });
}

/**
 * The fields the error summary links to (the star widget cannot be set wrong; a message about the
 * rating, from a post made some other way, is listed in the summary as it is).
 */
const REVIEW_LABELS = { description: "Description" } as const;

export default function AddReview({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : null;
  const error = failed?.fields.description;
  return (
    <div>
      <h1 className="section-title">Add A Review</h1>
      <Toast toast={actionData?.ok ? toastFor(actionData) : null} />
      {/* a new key after each successful post starts the form over */}
      <Form
        method="post"
        key={actionData?.ok ? actionData.result.postedAt : "review"}
        className="mt-6 max-w-xl space-y-5 rounded-2xl border border-ink-100 bg-white p-6 shadow-sm"
        noValidate
      >
        <ErrorSummary failure={failed} labels={REVIEW_LABELS} />
        <StarRating name="rating" initial={DEFAULT_RATING} />
        <div>
          <label htmlFor={fieldId("description")} className="label">
            {REVIEW_LABELS.description}
          </label>
          <textarea
            id={fieldId("description")}
            name="description"
            rows={5}
            required
            className="input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId("description")}-error` : undefined}
            placeholder="What did you buy, and how do you like it?"
          />
          {error && (
            <p id={`${fieldId("description")}-error`} className="field-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy && <Spinner />}
          {busy ? "Posting…" : "Post review"}
        </button>
      </Form>
    </div>
  );
}
