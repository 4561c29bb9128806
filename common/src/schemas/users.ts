import { z } from "zod";
import { boundedString, emailField, idList, optionalId } from "./common";
import { V } from "./messages";

export const USER_PROFILES = ["admin", "user", "supervisor"] as const;
export const ALL_TICKET_VALUES = ["enabled", "desabled"] as const;

const password = z.string().min(5, V.tooShort).max(50, V.tooLong);
const queueIds = idList(500).optional();

/** Open tickets automatic assignment gives an attendant at once; new users get the default. */
export const USER_CAPACITY = { min: 1, max: 1000, default: 10 } as const;
// a whole number, or its digits as the form's number field gives them; anything else is refused
const capacityField = z
  .union([z.number({ error: V.invalidValue }), z.string().regex(/^\d+$/, V.invalidValue).transform(Number)], { error: V.invalidValue })
  .pipe(z.number().int(V.invalidValue).min(USER_CAPACITY.min, V.invalidValue).max(USER_CAPACITY.max, V.invalidValue));

/** The user form: the same rules in the modal and on the server. */
export const userFormFields = {
  name: boundedString(2, 50),
  email: emailField,
  profile: z.enum(USER_PROFILES, { error: V.invalidValue }),
  allTicket: z.enum(ALL_TICKET_VALUES, { error: V.invalidValue }),
  capacity: capacityField,
};

export const createUserBody = z.object({
  ...userFormFields,
  password,
  profile: userFormFields.profile.optional().default("user"),
  allTicket: userFormFields.allTicket.optional().default("desabled"),
  whatsappId: optionalId,
  queueIds,
  capacity: capacityField.optional(),
  /** Only a super user may name another company; anything but an id is refused, never coerced. */
  companyId: optionalId,
});
export type CreateUserBody = z.infer<typeof createUserBody>;

export const updateUserBody = z.object({
  name: userFormFields.name.optional(),
  email: userFormFields.email.optional(),
  password: z.union([password, z.literal("")]).optional(),
  profile: userFormFields.profile.optional(),
  allTicket: userFormFields.allTicket.optional(),
  whatsappId: optionalId,
  queueIds,
  capacity: capacityField.optional(),
  companyId: z.unknown().optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** PUT /users/me/availability: the attendant pauses (or resumes) automatic assignment to themself. */
export const availabilityBody = z.object({ paused: z.boolean({ error: V.invalidValue }) });
export type AvailabilityBody = z.infer<typeof availabilityBody>;

/** The modal's own schema: password optional (kept when blank). */
export const userFormSchema = z.object({
  ...userFormFields,
  password: z.union([password, z.literal("")]).optional(),
});

/** The modal adding a user: the password is required. */
export const createUserFormSchema = z.object({ ...userFormFields, password: z.string({ error: V.required }).min(1, V.required).pipe(password) });

/** What a client may send to PUT /users/:id (before the server's transforms). */
export type UpdateUserInput = z.input<typeof updateUserBody>;
