import type { Migration } from "kysely/migration";
import * as initial from "./0001_initial.ts";

/** Forward-only, in order. Add a new file for every change; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "0001_initial": initial,
};
