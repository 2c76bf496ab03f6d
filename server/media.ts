import { DiskMediaStore, type MediaStore, openS3MediaStore } from "../domain/media/index.ts";
import { type Config, StartupError } from "./config.ts";

/** The media store the configuration names, checked: a missing bucket stops the start with a sentence. */
export async function openMediaStore(config: Pick<Config, "media">): Promise<MediaStore> {
  const media = config.media;
  const store = media.store === "s3" ? await openS3MediaStore(media) : new DiskMediaStore(media.dir);
  try {
    await store.check();
  } catch (e) {
    throw new StartupError((e as Error).message);
  }
  return store;
}
