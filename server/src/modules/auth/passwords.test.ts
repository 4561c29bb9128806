import { describe, expect, it } from "vitest";
import bcrypt from "bcryptjs";
import { hashPassword, isBcryptHash, needsRehash, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("checks the bcrypt hashes other systems kept ($2a$, $2b$, $2y$) and asks for them to be made Argon2id", async () => {
    const b = bcrypt.hashSync("segredo-antigo", 4);
    for (const prefix of ["$2a$", "$2b$", "$2y$"]) {
      const hashed = prefix + b.slice(4);
      expect(isBcryptHash(hashed)).toBe(true);
      expect(await verifyPassword(hashed, "segredo-antigo")).toBe(true);
      expect(await verifyPassword(hashed, "segredo-errado")).toBe(false);
      expect(needsRehash(hashed)).toBe(true);
    }
  });

  it("keeps Argon2id as it is, and refuses what is no hash at all", async () => {
    const argon = await hashPassword("uma-senha-nova");
    expect(argon).toMatch(/^\$argon2id\$/);
    expect(needsRehash(argon)).toBe(false);
    expect(await verifyPassword(argon, "uma-senha-nova")).toBe(true);
    expect(isBcryptHash("$2b$10$short")).toBe(false);
    expect(await verifyPassword("$2b$10$short", "x")).toBe(false);
    expect(await verifyPassword("plain text", "plain text")).toBe(false);
  });
});
