import { z } from "zod";
import { id, looseEntity, timestamp } from "../../http/responses/shapes";

/** One setting of the company; super-only values (the payment token) come blank to everybody else. */
export const settingItem = looseEntity({
  id,
  key: z.string(),
  value: z.string(),
  companyId: id,
  createdAt: timestamp,
  updatedAt: timestamp,
}).meta({ description: "A company setting: key and value as text." });

export const settingList = z.array(settingItem).meta({ description: "Every setting of the caller's company, by key." });

/** The one setting the login page reads before anyone signs in. */
export const publicSetting = looseEntity({ key: z.string(), value: z.string() }).meta({
  description: "Whether the login page may offer sign-up.",
});
