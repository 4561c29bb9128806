import { uniqueViolation } from "../../db/errors";
import { AppError } from "../../http/errors";

/** A number the list already has: the list keeps one item per number. */
export const duplicatedNumber = () => new AppError("ERR_DUPLICATED_CONTACT", 400, { field: "number", message: "number: ERR_DUPLICATED_CONTACT" });

/** The list named by contactListId is not the caller's, or is gone. */
export const listNotFound = () => new AppError("ERR_NOT_FOUND", 404, { field: "contactListId", message: "contactListId: ERR_NOT_FOUND" });

/** A foreign key violation (23503): the list was deleted while its items were being written. */
function foreignKeyViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === "23503") return true;
  return false;
}

/** Runs `work`, answering a repeated number in the list, or a list deleted meanwhile, as the caller's error, never a database one. */
export async function asCallerErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err)?.constraint.includes("contact_list_items_list_number")) throw duplicatedNumber();
    if (foreignKeyViolation(err)) throw listNotFound();
    throw err;
  }
}
