import type { DeadLetterView } from "@balcao/common";
import type { deadLetters } from "../../db/schema";

type DeadLetterRow = typeof deadLetters.$inferSelect;

/** A dead letter as its company's admins see it, with the name of its connection. */
export function presentDeadLetter(row: DeadLetterRow, whatsappName: string | null): DeadLetterView {
  return {
    id: row.id,
    whatsappId: row.whatsappId,
    whatsappName,
    channel: row.channel,
    externalId: row.externalId,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    payload: row.payload,
    createdAt: row.createdAt.toISOString(),
  };
}
