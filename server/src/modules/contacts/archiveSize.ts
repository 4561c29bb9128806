const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65535. */
const END_SEARCH = 22 + 0xffff;

/**
 * What a ZIP file (an .xlsx) says it unpacks to: the sum of its central directory's sizes.
 * Null when the directory cannot be read. Lets a tiny upload that inflates to gigabytes be
 * refused before the spreadsheet parser inflates it (ZIP64 sizes read as 4 GiB, also refused).
 */
export function declaredUnzippedSize(zip: Buffer): number | null {
  const floor = Math.max(0, zip.length - END_SEARCH);
  for (let at = zip.length - 22; at >= floor; at--) {
    if (zip.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    const entries = zip.readUInt16LE(at + 10);
    let entry = zip.readUInt32LE(at + 16);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (entry + 46 > zip.length || zip.readUInt32LE(entry) !== DIRECTORY_ENTRY) return null;
      total += zip.readUInt32LE(entry + 24);
      entry += 46 + zip.readUInt16LE(entry + 28) + zip.readUInt16LE(entry + 30) + zip.readUInt16LE(entry + 32);
    }
    return total;
  }
  return null;
}
