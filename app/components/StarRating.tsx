import { useState } from "react";
import { StarIcon } from "./Icons.tsx";

/**
 * Five stars as a radio group: arrow keys move between them, screen readers announce
 * "3 stars, 3 of 5"; hovering previews, clicking sets. Whole stars only; starts at `initial`.
 */
export function StarRating({
  name,
  initial = 2,
  label = "Rating",
}: {
  name: string;
  initial?: number;
  label?: string;
}) {
  const [value, setValue] = useState(initial);
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value;
  return (
    <fieldset>
      <legend className="label">{label}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the hover preview is a mouse nicety; the radios carry the state */}
      <div className="flex items-center gap-1" onMouseLeave={() => setHover(null)}>
        {[1, 2, 3, 4, 5].map((star) => (
          <label
            key={star}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600"
            onMouseEnter={() => setHover(star)}
          >
            <input
              type="radio"
              name={name}
              value={star}
              checked={value === star}
              onChange={() => setValue(star)}
              className="sr-only"
            />
            <span className="sr-only">{star === 1 ? "1 star" : `${star} stars`}</span>
            <StarIcon
              filled={star <= shown}
              className={`h-8 w-8 ${star <= shown ? "text-accent-600" : "text-ink-300"}`}
            />
          </label>
        ))}
        <span className="ml-2 text-sm text-ink-700" aria-hidden="true">
          {shown} of 5
        </span>
      </div>
    </fieldset>
  );
}

export function Stars({ rating }: { rating: number }) {
  const whole = Math.round(rating);
  return (
    <span className="flex gap-0.5 text-accent-600" role="img" aria-label={`Rated ${rating} out of 5`}>
      {[1, 2, 3, 4, 5].map((s) => (
        <StarIcon key={s} filled={s <= whole} className="h-4 w-4" />
      ))}
    </span>
  );
}
