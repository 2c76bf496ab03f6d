/** Values the shop keeps for itself between starts (one row per key). */
import type { DataContext } from "../shared/context.ts";
import * as repo from "./repository.ts";

export const readSetting = (ctx: DataContext, key: string) => repo.read(ctx.db, key);
export const writeSetting = (ctx: DataContext, key: string, value: string) => repo.write(ctx.db, key, value);
/** Writes only while the key still holds `seen` ("" for nothing set); whether it wrote. */
export const writeSettingIfStill = (ctx: DataContext, key: string, seen: string, value: string) =>
  repo.writeIfStill(ctx.db, key, seen, value);
