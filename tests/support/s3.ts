/**
 * A local S3-compatible server (s3rver, a real implementation of the S3 protocol over HTTP) on a free
 * port of 127.0.0.1, with its objects in a temporary folder, and the shop settings that point at it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  /** S3_* settings for a shop that keeps its images in the bucket */
  env: Record<string, string>;
  /** a client of its own, to look into the bucket */
  client: S3Client;
  stop: () => Promise<void>;
};

/** s3rver's fixed credentials (it checks signatures made with them) */
const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

export async function startLocalS3(bucket = "shop-media"): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(os.tmpdir(), "vitrine-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: CREDENTIALS });
  return {
    endpoint,
    bucket,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    client,
    stop: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
