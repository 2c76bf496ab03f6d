// The built stylesheet as text (Vite's ?inline), for <InlineStyles /> in root.tsx.
import css from "../app.css?inline";

export const inlineCss: string = css;
