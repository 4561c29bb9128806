import path from "node:path";
import type { MediaConfig } from "../deploymentConfig";
import { DiskMediaStore } from "./diskStore";
import { S3MediaStore } from "./s3Store";
import type { MediaStore } from "./store";

/** The bucket of MEDIA_URL when set, otherwise DATA_DIR/media. */
export function openMediaStore(config: { dataDir: string; media: MediaConfig }): MediaStore {
  return config.media.kind === "s3" ? new S3MediaStore(config.media) : new DiskMediaStore(path.join(config.dataDir, "media"));
}
