import crypto from "node:crypto";
import { CliError } from "./cliContext";

const MIN_LENGTH = 8;

/** The password given (--password or BALCAO_PASSWORD, kept out of the shell's history), or a new one to print. */
export function chosenPassword(given: string | undefined, env: Record<string, string | undefined>) {
  const password = given ?? env.BALCAO_PASSWORD;
  if (password === undefined || password === "") return { password: crypto.randomBytes(12).toString("base64url"), generated: true };
  if (password.length < MIN_LENGTH) throw new CliError(`the password must have at least ${MIN_LENGTH} characters`);
  return { password, generated: false };
}
