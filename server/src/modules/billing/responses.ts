import { z } from "zod";
import { id, object } from "../../http/responses/shapes";

/** The Pix charge of the checkout, in the shape the original's client reads. */
export const pixCharge = object({
  invoiceId: id,
  qrcode: object({
    qrcode: z.string().meta({ description: "The Pix copy-and-paste code." }),
    imagemQrcode: z.string().optional().meta({ description: "The QR code as a data: URL, when the provider made one." }),
  }),
  valor: object({ original: z.string().meta({ description: "The value, two decimals." }) }),
}).meta({ description: "The Pix charge to pay." });

/** A provider's webhook, taken in. */
export const webhookReceived = object({ received: z.literal(true) }).meta({ description: "The notification was taken in." });
