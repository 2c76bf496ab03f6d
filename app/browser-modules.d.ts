/** A browser module compiled to text for an inline <script> (scripts/inline-script.ts). */
declare module "*?inline-script" {
  const source: string;
  export default source;
}
