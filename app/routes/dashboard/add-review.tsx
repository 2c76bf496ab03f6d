import { Form, useNavigation } from "react-router";
import { addReview } from "../../../domain/reviews/index.ts";
import { DEFAULT_RATING } from "../../../domain/reviews/rating.ts";
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
    run: async (values) => ({ review: await addReview(ctx, values), postedAt: Date.now() }),
    success: "Thank you! Your review has been posted.",
  });
}

export default function AddReview({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const error = actionData?.ok ? undefined : actionData?.fields.description;
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
        <StarRating name="rating" initial={DEFAULT_RATING} />
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
