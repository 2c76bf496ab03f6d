/** The shop's name as a two-part wordmark: the first word strong, the rest in the accent colour. */
export function Wordmark({ name, className = "" }: { name: string; className?: string }) {
  const [first, ...rest] = name.split(" ");
  return (
    <span className={`whitespace-nowrap font-extrabold tracking-tight ${className}`}>
      <span>{first}</span>
      {rest.length > 0 && <span className="text-accent-600"> {rest.join(" ")}</span>}
    </span>
  );
}
