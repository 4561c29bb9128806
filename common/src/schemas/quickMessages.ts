import { z } from "zod";

/** GET /quick-messages/list: the client sends companyId and userId; the server uses the caller's own. */
export const quickMessagesListQuery = z.object({ companyId: z.unknown().optional(), userId: z.unknown().optional() });
