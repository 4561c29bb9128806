import { z } from "zod";
import { CAMPAIGN_STATUSES } from "@balcao/common";
import { id, messageAnswer, object, page } from "../../http/responses/shapes";
import { templateChoiceAnswer } from "../messages/responses";

const moment = z.iso.datetime({ offset: true });
const named = object({ id, name: z.string() });

const campaignFields = {
  id,
  name: z.string(),
  message1: z.string(),
  message2: z.string(),
  message3: z.string(),
  message4: z.string(),
  message5: z.string(),
  confirmationMessage1: z.string(),
  confirmationMessage2: z.string(),
  confirmationMessage3: z.string(),
  confirmationMessage4: z.string(),
  confirmationMessage5: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  confirmation: z.boolean(),
  scheduledAt: moment.nullable(),
  completedAt: moment.nullable(),
  whatsappId: id.nullable(),
  contactListId: id.nullable(),
  tagListId: id.nullable(),
  fileListId: id.nullable(),
  companyId: id,
  mediaPath: z.string().nullable(),
  mediaName: z.string().nullable(),
  template: templateChoiceAnswer.nullable(),
  createdAt: moment,
  updatedAt: moment,
  whatsapp: named.nullable(),
};

/** A campaign with its connection's and contact list's names. */
export const campaignAnswer = object({ ...campaignFields, contactList: named.nullable() }).meta({
  description: "A campaign with its connection's and contact list's names.",
});

export const campaignsPage = page("records", campaignAnswer).meta({ description: "A page of campaigns, newest first." });

/** A campaign's report: its list's contacts, its shipping records and its counts. */
export const campaignDetail = object({
  ...campaignFields,
  contactList: object({
    id,
    name: z.string(),
    contacts: z.array(object({ id, name: z.string(), number: z.string(), email: z.string(), isWhatsappValid: z.boolean().nullable() })),
  }).nullable(),
  shipping: z.array(
    object({
      id,
      number: z.string(),
      deliveredAt: moment.nullable(),
      confirmationRequestedAt: moment.nullable(),
      confirmedAt: moment.nullable(),
      failedAt: moment.nullable(),
    }),
  ),
  counts: object({
    validContacts: z.number().int(),
    confirmationRequested: z.number().int(),
    confirmed: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
    optedOut: z.number().int(),
  }),
}).meta({ description: "A campaign with its list's contacts, shipping records and counts." });

export const campaignDeleted = messageAnswer;

/** The attachment stored or dropped, with the campaign as it is now. */
export const campaignMediaAnswer = object({ mensagem: z.string(), record: campaignAnswer }).meta({
  description: "The campaign with its attachment changed.",
});
