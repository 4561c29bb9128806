import { z } from "zod";
import { MAX_ID, boundedString, emailField, idParam } from "./common";
import { V } from "./messages";

/** Digits of a Brazilian phone as masked by '(99) 99999-9999'. */
export const phoneField = z
  .string({ error: V.required })
  .transform((v) => v.replace(/\D/g, ""))
  .pipe(z.string().min(1, V.required).min(10, V.tooShort).max(11, V.tooLong));

/**
 * Public sign-up (POST /companies/cadastro). The client also sends recurrence, dueDate,
 * status and campaignsEnabled; the server decides the trial itself and ignores them.
 * userName names the company's first admin; the original client sends none, so the company's name does.
 */
export const signupBody = z.object({
  name: boundedString(2, 50),
  userName: boundedString(2, 50).optional(),
  email: emailField,
  phone: phoneField,
  password: z.string({ error: V.required }).min(5, V.tooShort).max(50, V.tooLong),
  planId: z.coerce.number({ error: V.required }).int(V.required).positive(V.required).max(MAX_ID, V.invalidValue),
  recurrence: z.string().optional(),
  dueDate: z.string().nullish(),
  status: z.union([z.string(), z.boolean()]).optional(),
  campaignsEnabled: z.union([z.string(), z.boolean()]).optional(),
});
export type SignupBody = z.infer<typeof signupBody>;

export const companyIdParams = z.object({ companyId: idParam });

/** The sign-up form's own fields, with the same rules as signupBody (the client fills in the rest); the form asks for the person's name. */
export const signupFormSchema = signupBody.pick({ name: true, userName: true, email: true, phone: true, password: true, planId: true }).required({ userName: true });
export type SignupFormInput = z.input<typeof signupFormSchema>;
