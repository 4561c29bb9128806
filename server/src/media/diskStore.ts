import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "../http/errors";
import { companyKey, missingMedia, newMediaKey, type MediaFile, type MediaStore, type StoredMedia } from "./store";

/** Media under DATA_DIR/media/{companyId}/…, files of mode 0600. */
export class DiskMediaStore implements MediaStore {
  constructor(private readonly root: string) {}

  async save(companyId: number, data: Buffer, filename: string): Promise<StoredMedia> {
    const stored = newMediaKey(companyId, filename);
    const file = path.join(this.root, stored.key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, data, { mode: 0o600 });
    return stored;
  }

  private resolve(companyId: number, key: string) {
    const file = path.resolve(this.root, companyKey(companyId, key));
    const companyRoot = path.resolve(this.root, String(companyId)) + path.sep;
    if (!file.startsWith(companyRoot)) throw new AppError("ERR_NOT_FOUND", 404);
    return file;
  }

  async read(companyId: number, key: string) {
    const file = this.resolve(companyId, key);
    return fs.readFile(file).catch(() => Promise.reject(missingMedia()));
  }

  async open(companyId: number, key: string): Promise<MediaFile> {
    const file = this.resolve(companyId, key);
    const handle = await fs.open(file, "r").catch(() => Promise.reject(missingMedia()));
    try {
      const stat = await handle.stat();
      if (!stat.isFile()) throw missingMedia();
      return { stream: handle.createReadStream(), size: stat.size };
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async remove(companyId: number, key: string) {
    await fs.rm(this.resolve(companyId, key), { force: true });
  }

  async removeCompany(companyId: number) {
    if (!Number.isSafeInteger(companyId) || companyId <= 0) return;
    await fs.rm(path.join(this.root, String(companyId)), { recursive: true, force: true });
  }
}
