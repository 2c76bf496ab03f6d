// The pages' own small script (app/page-script.ts), compiled and minified at build, for <PageScript /> in root.tsx.
import source from "../page-script.ts?inline-script";

export const pageScript: string = source;
