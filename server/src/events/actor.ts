import type { Caller } from "../context";
import type { Actor } from "./types";

/** The signed-in user behind a command, and the address the request came from. */
export const actorOf = (caller: Pick<Caller, "id" | "ip">): Actor => ({ userId: caller.id, ip: caller.ip ?? null });
