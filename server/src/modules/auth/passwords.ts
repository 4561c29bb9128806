import { hash, verify } from "@node-rs/argon2";

/** Argon2id with the library's defaults (19 MiB, 2 passes). */
export const hashPassword = (plain: string) => hash(plain);

export async function verifyPassword(hashed: string, plain: string) {
  try {
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
