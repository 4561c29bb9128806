import type { CompanyRecord } from "@balcao/common";
import type { Actor, NewEvent } from "../../events/types";

/**
 * The super user's acts on a company, audited. A platform fact (no company on the event): the
 * company's deletion must not take its own record of it along.
 */
export function companyChanged(type: "company.created" | "company.updated" | "company.deleted", company: CompanyRecord, actor: Actor, extra: { changed?: string[]; planChanged?: boolean } = {}): NewEvent {
  return {
    type,
    companyId: null,
    stream: `company:${company.id}`,
    actor,
    data: { companyId: company.id, name: company.name, planId: company.planId, status: company.status, ...extra },
    transient: { company },
  };
}
