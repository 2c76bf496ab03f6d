/**
 * The shop's name as a two-part wordmark, the rest after the first word in the accent colour. Its size and
 * weight come from the element around it (the header's and the footer's home links), so that link and name
 * share one font face: each size and weight a page uses is one more font lookup for the browser.
 */
export function Wordmark({ name, className = "" }: { name: string; className?: string }) {
  const [first, ...rest] = name.split(" ");
  return (
    <span className={`whitespace-nowrap tracking-tight ${className}`}>
      <span>{first}</span>
      {rest.length > 0 && <span className="text-accent-600"> {rest.join(" ")}</span>}
    </span>
  );
}
