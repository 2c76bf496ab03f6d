/**
 * `npm run backup` and `npm run restore`: one .tar.gz holding a consistent snapshot of the database,
 * every stored image, and a manifest with each file's SHA-256, which a restore checks before it
 * touches anything.
 */
import { createHash, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import { databaseIsEmpty, databaseTarget, restoreDatabase, SNAPSHOT_NAMES, snapshotDatabase } from "../../db/backup.ts";
import type { Engine } from "../../db/dialect.ts";
import { isSafeMediaKey, type MediaStore } from "../../domain/media/index.ts";
import type { Config } from "../config.ts";
import { openMediaStore } from "../media.ts";
import { readTar, TarWriter } from "./tar.ts";

const FORMAT = "vitrine-backup";
const VERSION = 1;
const MANIFEST = "manifest.json";
/** where the media store's objects are in an archive: `media/<key>` */
const MEDIA_FOLDER = "media/";

export type BackupManifest = {
  format: typeof FORMAT;
  version: typeof VERSION;
  createdAt: string;
  engine: Engine;
  /** the database snapshot's path in the archive */
  database: string;
  files: Record<string, { size: number; sha256: string }>;
};

/** A backup or restore that cannot go ahead, with a sentence for the operator. Nothing was changed. */
export class BackupError extends Error {}

type Log = (message: string) => void;
type Settings = Pick<Config, "dataDir" | "databaseUrl" | "media">;

async function* hashing(content: Iterable<Buffer> | AsyncIterable<Buffer>, hash: ReturnType<typeof createHash>) {
  for await (const chunk of content) {
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Writes a backup of the running (or stopped) shop to `file`. The database is copied first, then
 * the images: an image is stored before any row names it and is never changed afterwards, so every
 * image the snapshot refers to is in the archive. The archive appears under its name only once whole.
 */
export async function createBackup(config: Settings, file: string, log: Log = () => {}): Promise<BackupManifest> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(target), ".backup-"));
  try {
    const database = databaseTarget(config);
    const media = await openMediaStore(config);
    const snapshot = path.join(work, SNAPSHOT_NAMES[database.engine]);
    const started = Date.now();
    await snapshotDatabase(database, snapshot);
    log(`database snapshot taken (${database.engine}, ${Date.now() - started} ms)`);

    const partial = path.join(work, "archive.tar.gz");
    const gzip = createGzip();
    const written = pipeline(gzip, createWriteStream(partial));
    // its failure surfaces where it is awaited, below (or as the tar writer's own error)
    written.catch(() => {});
    const tar = new TarWriter(gzip);
    const files: BackupManifest["files"] = {};
    const add = async (name: string, size: number, content: Buffer | AsyncIterable<Buffer>) => {
      const hash = createHash("sha256");
      await tar.add(name, size, hashing(Buffer.isBuffer(content) ? [content] : content, hash));
      files[name] = { size, sha256: hash.digest("hex") };
    };

    const databaseEntry = `database/${SNAPSHOT_NAMES[database.engine]}`;
    await add(databaseEntry, (await stat(snapshot)).size, createReadStream(snapshot));
    let images = 0;
    for await (const key of media.list()) {
      const data = await media.get(key);
      if (!data) continue;
      await add(`${MEDIA_FOLDER}${key}`, data.length, data);
      images += 1;
    }
    const manifest: BackupManifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      engine: database.engine,
      database: databaseEntry,
      files,
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    await tar.add(MANIFEST, manifestBytes.length, manifestBytes);
    await tar.finish();
    gzip.end();
    await written;
    await rename(partial, target);
    log(`backup written to ${target}: the database and ${images} media file(s)`);
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const ENTRY = /^(manifest\.json|database\/[a-z0-9]+\.[a-z0-9]+|media\/.+)$/;

/** Unpacks an archive into `dir` and checks it against its manifest. Throws BackupError when it is damaged. */
async function unpackVerified(file: string, dir: string): Promise<BackupManifest> {
  const found = new Map<string, { size: number; sha256: string }>();
  try {
    const input = createReadStream(file).pipe(createGunzip());
    for await (const entry of readTar(input)) {
      const key = entry.path.startsWith(MEDIA_FOLDER) ? entry.path.slice(MEDIA_FOLDER.length) : undefined;
      if (!ENTRY.test(entry.path) || (key !== undefined && !isSafeMediaKey(key))) {
        throw new BackupError(`The archive holds an unexpected entry (${entry.path}): it is not a shop backup.`);
      }
      const out = path.join(dir, entry.path);
      await mkdir(path.dirname(out), { recursive: true });
      const hash = createHash("sha256");
      await pipeline(hashing(entry.content, hash), createWriteStream(out));
      found.set(entry.path, { size: entry.size, sha256: hash.digest("hex") });
    }
  } catch (e) {
    if (e instanceof BackupError) throw e;
    if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new BackupError(`There is no file ${file}.`);
    throw new BackupError(`The archive ${file} is damaged and cannot be read (${(e as Error).message}).`);
  }
  if (!found.has(MANIFEST)) throw new BackupError(`${file} has no manifest: it is not a shop backup.`);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), "utf8")) as BackupManifest;
  } catch {
    throw new BackupError(`The manifest of ${file} cannot be read: the archive is damaged.`);
  }
  if (manifest.format !== FORMAT || manifest.version !== VERSION) {
    throw new BackupError(`${file} is not a shop backup this version can read.`);
  }
  for (const [name, expected] of Object.entries(manifest.files)) {
    const actual = found.get(name);
    if (!actual) throw new BackupError(`The archive lacks ${name}, which its manifest lists: it is damaged.`);
    if (actual.sha256 !== expected.sha256 || actual.size !== expected.size) {
      throw new BackupError(`Checksum mismatch for ${name}: the archive is damaged. Nothing was restored.`);
    }
  }
  const unlisted = [...found.keys()].filter((name) => name !== MANIFEST && !(name in manifest.files));
  if (unlisted.length) throw new BackupError(`The archive holds files its manifest does not list: ${unlisted[0]}.`);
  if (!(manifest.database in manifest.files)) throw new BackupError("The archive has no database snapshot.");
  return manifest;
}

/** Checks an archive (every checksum) without restoring it. */
export async function verifyBackup(file: string): Promise<BackupManifest> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "vitrine-verify-"));
  try {
    return await unpackVerified(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function mediaIsEmpty(media: MediaStore): Promise<boolean> {
  for await (const _ of media.list()) return false;
  return true;
}

/**
 * Restores a backup into the configured database and media store. The archive is checked whole
 * first. A target that already holds a shop (tables, or images) is refused unless `force`, which
 * replaces its database (images already there stay: their keys are never reused).
 */
export async function restoreBackup(
  config: Settings,
  file: string,
  options: { force?: boolean } = {},
  log: Log = () => {},
): Promise<BackupManifest> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `vitrine-restore-${randomBytes(4).toString("hex")}-`));
  try {
    const manifest = await unpackVerified(file, dir);
    log(`${file}: every checksum matches (${Object.keys(manifest.files).length} files)`);
    const database = databaseTarget(config);
    if (manifest.engine !== database.engine) {
      throw new BackupError(
        `This backup is of a shop on ${manifest.engine}; the target is ${database.engine}. Restore it into the same kind of database.`,
      );
    }
    const media = await openMediaStore(config);
    const where = database.engine === "sqlite" ? database.file : "the database at DATABASE_URL";
    const databaseEmpty = await databaseIsEmpty(database);
    const mediaEmpty = await mediaIsEmpty(media);
    if (!options.force && (!databaseEmpty || !mediaEmpty)) {
      const what = [!databaseEmpty && `${where} has tables`, !mediaEmpty && "the media store has images"].filter(
        Boolean,
      );
      throw new BackupError(
        `The target is not empty (${what.join("; ")}). Restoring would replace it: stop the shop and run the restore again with --force if that is what you want.`,
      );
    }
    await restoreDatabase(database, path.join(dir, manifest.database), !databaseEmpty);
    log(`database restored into ${where}`);
    let images = 0;
    for (const name of Object.keys(manifest.files)) {
      if (!name.startsWith(MEDIA_FOLDER)) continue;
      await media.put(name.slice(MEDIA_FOLDER.length), await readFile(path.join(dir, name)));
      images += 1;
    }
    log(`${images} media file(s) restored`);
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
