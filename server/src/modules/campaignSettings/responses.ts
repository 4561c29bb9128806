import { z } from "zod";
import { id, object } from "../../http/responses/shapes";

/** One stored campaign setting: its key and its value as JSON text. */
export const campaignSettingItem = object({
  id,
  key: z.string(),
  value: z.string().meta({ description: "The value as JSON text." }),
  companyId: id,
});

export const campaignSettingList = z.array(campaignSettingItem).meta({ description: "The company's stored campaign settings, by key." });
