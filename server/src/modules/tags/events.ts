import type { Actor, NewEvent } from "../../events/types";
import type { TagWithCount } from "./present";

const tagStream = (tagId: number) => `tag:${tagId}`;

export function tagCreated(tag: TagWithCount, actor: Actor): NewEvent {
  return { type: "tag.created", companyId: tag.companyId, stream: tagStream(tag.id), actor, data: { tagId: tag.id, name: tag.name }, transient: { tag } };
}

export function tagUpdated(tag: TagWithCount, changed: string[], actor: Actor): NewEvent {
  return { type: "tag.updated", companyId: tag.companyId, stream: tagStream(tag.id), actor, data: { tagId: tag.id, name: tag.name, changed }, transient: { tag } };
}

export function tagDeleted(tag: { id: number; companyId: number; name: string }, actor: Actor): NewEvent {
  return { type: "tag.deleted", companyId: tag.companyId, stream: tagStream(tag.id), actor, data: { tagId: tag.id, name: tag.name } };
}
