import type { Readable } from "node:stream";
import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import type { MediaConfig } from "../deploymentConfig";
import { companyKey, missingMedia, newMediaKey, type MediaFile, type MediaStore, type StoredMedia } from "./store";

type S3Config = Extract<MediaConfig, { kind: "s3" }>;

const isMissing = (err: unknown) => err instanceof S3ServiceException && (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

/** Media in an S3-compatible bucket, as objects {prefix}/{companyId}/…, so every host sees the same files. */
export class S3MediaStore implements MediaStore {
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
      // S3-compatible services do not all accept the checksums the SDK adds by default
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private objectKey(companyId: number, key: string) {
    const own = companyKey(companyId, key);
    return this.config.prefix ? `${this.config.prefix}/${own}` : own;
  }

  async save(companyId: number, data: Buffer, filename: string): Promise<StoredMedia> {
    const stored = newMediaKey(companyId, filename);
    await this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(companyId, stored.key), Body: data, ContentLength: data.length }));
    return stored;
  }

  async open(companyId: number, key: string): Promise<MediaFile> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(companyId, key) }));
      if (!object.Body) throw missingMedia();
      return { stream: object.Body as Readable, size: object.ContentLength };
    } catch (err) {
      throw isMissing(err) ? missingMedia() : err;
    }
  }

  async read(companyId: number, key: string) {
    const { stream } = await this.open(companyId, key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(companyId: number, key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.objectKey(companyId, key) }));
  }

  async removeCompany(companyId: number) {
    const Prefix = `${this.config.prefix ? `${this.config.prefix}/` : ""}${companyId}/`;
    // each pass deletes up to 1000 objects; the listing starts over until nothing is left
    for (;;) {
      const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix, MaxKeys: 1000 }));
      const keys = (listed.Contents ?? []).map((o) => ({ Key: o.Key! })).filter((o) => o.Key);
      if (keys.length === 0) return;
      await this.client.send(new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: keys, Quiet: true } }));
    }
  }

  close() {
    this.client.destroy();
  }
}
