import { Form, useNavigation } from "react-router";
import { addReview, reviewFormInput } from "../../../domain/reviews/index.ts";
import { Spinner } from "../../components/Field.tsx";
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
    // a star must be chosen here: the widget starts with none, and posting it untouched asks for one
    schema: reviewFormInput,
    run: async (values) => ({ review: await addReview(ctx, values), postedAt: Date.now() }),
    success: "Thank you! Your review has been posted.",
  });
}

export default function AddReview({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const failed = actionData?.ok === false ? actionData : undefined;
  const error = failed?.fields.description;
  // without JavaScript a refused post is a new page: it keeps what was typed and chosen
  const rating = Number(failed?.values.rating) || undefined;
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
        <StarRating name="rating" initial={rating} error={failed?.fields.rating} />
        <div>
          <label htmlFor="description" className="label">
            Description
          </label>
          <textarea
            id="description"
            name="description"
            rows={5}
            required
            className="input"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "description-error" : undefined}
            placeholder="What did you buy, and how do you like it?"
            defaultValue={failed?.values.description}
          />
          {error && (
            <p id="description-error" className="field-error">
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
