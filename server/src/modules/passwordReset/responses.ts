import { messageAnswer } from "../../http/responses/shapes";

export const resetCodeSent = messageAnswer.meta({ description: "The reset code was mailed." });
export const passwordWasReset = messageAnswer.meta({ description: "The password was changed." });
