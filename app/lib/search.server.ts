import { MAX_SEARCH_LENGTH } from "../../domain/catalog/index.ts";
import { CONTROL_CHARACTERS } from "../../domain/shared/schemas.ts";

/** Search text from a URL: control characters (which no keyboard types) dropped, trimmed, bounded. */
export function searchText(raw: string | null | undefined): string {
  return (raw ?? "").replace(CONTROL_CHARACTERS, " ").trim().slice(0, MAX_SEARCH_LENGTH);
}
