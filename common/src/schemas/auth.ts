import { z } from "zod";
import { emailField } from "./common";
import { V } from "./messages";

export const loginBody = z.object({
  email: emailField,
  password: z.string({ error: V.required }).min(1, V.required).max(200, V.tooLong),
});
export type LoginBody = z.infer<typeof loginBody>;
