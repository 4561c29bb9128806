import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { availabilityBody, createUserBody, idParams, listQuery, updateUserBody } from "@balcao/common";
import type { AppContext } from "../../context";
import * as usersService from "./service";
import { userDeleted, userListItem, userNames, usersPage } from "./responses";
import { setAvailability } from "./availability";

export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The spec's client asks for `GET /users/`; without this alias it would reach `/users/:id`.
    r.get("/users", { schema: { querystring: listQuery, tags: ["users"], response: { 200: usersPage } } }, async (request) => usersService.listUsers(ctx.db, request.caller, request.query));

    r.get("/users/list", { schema: { tags: ["users"], response: { 200: userNames } } }, async (request) => usersService.listUserNames(ctx.db, request.caller));

    r.get("/users/:id", { schema: { params: idParams, tags: ["users"], response: { 200: userListItem } } }, async (request) => usersService.showUser(ctx.db, request.caller, request.params.id));

    r.post("/users", { schema: { body: createUserBody, tags: ["users"], response: { 201: userListItem } } }, async (request, reply) => {
      const user = await usersService.createUser(ctx, request.caller, request.body);
      return reply.status(201).send(user);
    });

    r.put("/users/:id", { schema: { params: idParams, body: updateUserBody, tags: ["users"], response: { 200: userListItem } } }, async (request) =>
      usersService.updateUser(ctx, request.caller, request.params.id, request.body),
    );

    // the signed-in attendant pauses or resumes automatic assignment to themself
    r.put("/users/me/availability", { schema: { body: availabilityBody, tags: ["users"], response: { 200: userListItem } } }, async (request) => setAvailability(ctx, request.caller, request.body));

    r.delete("/users/:id", { schema: { params: idParams, tags: ["users"], response: { 200: userDeleted } } }, async (request) => {
      await usersService.deleteUser(ctx, request.caller, request.params.id);
      return { message: "User deleted" };
    });
  };
}
