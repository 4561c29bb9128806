import { z } from "zod";
import { object } from "../../http/responses/shapes";
import { messageView } from "../messages/responses";
import { ticketView } from "../tickets/responses";

export const externalApiResponses = {
  sent: {
    200: object({
      message: messageView.meta({ description: "The first message sent (the text, or the first file with the caption)." }),
      messages: z.array(messageView),
      ticket: ticketView,
    }).meta({ description: "The messages sent and the ticket they went into." }),
  },
};
