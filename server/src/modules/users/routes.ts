import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createUserBody, idParams, listQuery, updateUserBody } from "@balcao/common";
import type { AppContext } from "../../context";
import * as usersService from "./service";

export function userRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    // The spec's client asks for `GET /users/`; without this alias it would reach `/users/:id`.
    r.get("/users", { schema: { querystring: listQuery, tags: ["users"] } }, async (request) => usersService.listUsers(ctx.db, request.caller, request.query));

    r.get("/users/list", { schema: { tags: ["users"] } }, async (request) => usersService.listUserNames(ctx.db, request.caller));

    r.get("/users/:id", { schema: { params: idParams, tags: ["users"] } }, async (request) =>
      usersService.showUser(ctx.db, request.caller, request.params.id),
    );

    r.post("/users", { schema: { body: createUserBody, tags: ["users"] } }, async (request, reply) => {
      const user = await usersService.createUser(ctx, request.caller, request.body);
      return reply.status(201).send(user);
    });

    r.put("/users/:id", { schema: { params: idParams, body: updateUserBody, tags: ["users"] } }, async (request) =>
      usersService.updateUser(ctx, request.caller, request.params.id, request.body),
    );

    r.delete("/users/:id", { schema: { params: idParams, tags: ["users"] } }, async (request) => {
      await usersService.deleteUser(ctx, request.caller, request.params.id);
      return { message: "User deleted" };
    });
  };
}
