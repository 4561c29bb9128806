import { hash, verify } from "@node-rs/argon2";
import bcrypt from "bcryptjs";

/** Argon2id with the library's defaults (19 MiB, 2 passes). */
export const hashPassword = (plain: string) => hash(plain);

/** A bcrypt hash, as users moved in from Whaticket bring them ($2a$, $2b$ or $2y$). */
export const isBcryptHash = (hashed: string) => /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(hashed);

/** Whether a stored hash should be replaced by an Argon2id one at the next successful sign-in. */
export const needsRehash = (hashed: string) => !hashed.startsWith("$argon2id$");

export async function verifyPassword(hashed: string, plain: string) {
  try {
    // bcrypt reads only the first 72 bytes, as the system the hash came from did
    if (isBcryptHash(hashed)) return await bcrypt.compare(plain, hashed.replace(/^\$2y\$/, "$2b$"));
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

/** Burns the same time as a real check when the user does not exist. */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(plain: string) {
  dummyHash ??= hash("not-a-real-password");
  await verifyPassword(await dummyHash, plain);
  return false;
}
