import { z } from "zod";
import { looseEntity } from "../../http/responses/shapes";
import { sessionUser } from "../users/responses";

/** `{ token, user }`: a short-lived access token; the refresh token travels in an httpOnly cookie only. */
export const authAnswer = looseEntity({
  token: z.string().meta({ description: "The bearer access token." }),
  user: sessionUser,
}).meta({ description: "A signed-in session: access token and user." });

export const loggedOut = looseEntity({}).meta({ description: "An empty object: the session is closed and its cookie cleared." });

export const me = sessionUser.nullable().meta({ description: "The caller, as in the sign-in answer." });
