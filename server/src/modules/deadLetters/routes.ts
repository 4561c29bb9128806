import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deadLettersQuery, idParams } from "@balcao/common";
import type { AppContext } from "../../context";
import { dismissDeadLetter, listDeadLetters } from "./service";
import { deadLetterDismissed, deadLettersPage } from "./responses";

/** Customers' messages that could not be stored (channels/deadLetters.ts keeps them), for the company's admins. */
export function deadLetterRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get("/dead-letters", { schema: { querystring: deadLettersQuery, tags: ["dead letters"], response: { 200: deadLettersPage } } }, async (request) => listDeadLetters(ctx, request.caller, request.query.pageNumber));

    r.delete("/dead-letters/:id", { schema: { params: idParams, tags: ["dead letters"], response: { 200: deadLetterDismissed } } }, async (request) => {
      await dismissDeadLetter(ctx, request.caller, request.params.id);
      return { message: "Dead letter dismissed" };
    });
  };
}
