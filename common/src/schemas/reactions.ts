import { z } from "zod";
import { V } from "./messages";

/** The emojis an attendant picks from in a message's menu. */
export const REACTION_EMOJIS = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;

/** One emoji (with its modifiers and joiners), or "" to take the reaction back. */
const emoji = z
  .string({ error: V.required })
  .max(32, V.tooLong)
  .refine(
    (v) => v === "" || /^(?=.*(?:[\p{Extended_Pictographic}\p{Regional_Indicator}]|\u20e3))(?:[\p{Extended_Pictographic}\p{Regional_Indicator}\p{Emoji_Modifier}#*0-9]|\u200d|\ufe0f|\u20e3)+$/u.test(v),
    V.invalidValue,
  );

/** An attendant reacts to a message (POST /messages/:messageId/reaction); "" removes their reaction. */
export const messageReactionBody = z.object({ emoji });
export type MessageReactionBody = z.infer<typeof messageReactionBody>;

/** The simulated customer reacts to a message of the phone (POST /sandbox/:whatsappId/reaction); "" removes it. */
export const sandboxReactionBody = z.object({ id: z.string({ error: V.required }).trim().min(1, V.required).max(128, V.tooLong), emoji });
