import { z } from "zod";
import { looseEntity } from "../../http/responses/shapes";

export const versionAnswer = looseEntity({ version: z.string() }).meta({ description: "The running version of the application." });
