import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { isSafeMediaKey, MEDIA_CACHE_CONTROL, type MediaStore, mediaContentType } from "./store.ts";

export type S3Options = {
  bucket: string;
  region: string;
  /** an S3-compatible service (MinIO, R2, …); AWS when left out */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** left out: the SDK's usual chain (instance role, AWS_* variables, shared files) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

/** Images in an S3-compatible bucket, one object per stored width, with the cache headers the shop would send. */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly where: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.where = options.endpoint ?? `AWS (${options.region})`;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // the newer default checksums are not understood by every S3-compatible service
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      const status = e instanceof S3ServiceException ? e.$metadata.httpStatusCode : undefined;
      const bucket = `The S3 bucket "${this.bucket}" at ${this.where}`;
      if (status === 404) throw new Error(`${bucket} does not exist (S3_BUCKET): create it first.`);
      if (status === 403 || status === 401) {
        throw new Error(`${bucket} refused access: check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`);
      }
      throw new Error(`${bucket} cannot be reached (S3_ENDPOINT, S3_REGION): ${(e as Error).message || e}`);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    this.assertSafe(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: mediaContentType(key),
        CacheControl: MEDIA_CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isSafeMediaKey(key)) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!object.Body) return null;
      return Buffer.from(await object.Body.transformToByteArray());
    } catch (e) {
      if (e instanceof S3ServiceException && (e.name === "NoSuchKey" || e.$metadata.httpStatusCode === 404)) {
        return null;
      }
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    this.assertSafe(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async *list(): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key && isSafeMediaKey(object.Key)) yield object.Key;
      }
    }
  }

  private assertSafe(key: string): void {
    if (!isSafeMediaKey(key)) throw new Error(`unsafe media key: ${key}`);
  }
}
