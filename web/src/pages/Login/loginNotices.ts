import { differenceInCalendarDays, parseISO } from "date-fns";
import { toast } from "react-toastify";
import { DUE_DATE_WARNING_DAYS, type SessionUser } from "@balcao/common";
import i18n from "../../i18n";
import { formatDate } from "../../i18n/format";

/** After a login: the success toast and, when the subscription ends within 5 days, a warning. */
export function showLoginNotices(user: SessionUser) {
  toast.success(i18n.t("login.success"));
  const dueDate = user.company.dueDate;
  if (!dueDate) return;
  const days = differenceInCalendarDays(parseISO(dueDate), new Date());
  if (days >= 0 && days < DUE_DATE_WARNING_DAYS) toast.warn(i18n.t("login.dueSoon", { days }), { autoClose: 6000 });
}

/** The login refused because the company's due date has passed. */
export function showSubscriptionExpired(dueDate: string | null | undefined) {
  const date = dueDate ? formatDate(dueDate) : "";
  toast.error(i18n.t("login.subscriptionExpired", { date }), { autoClose: 6000, toastId: "subscription-expired" });
}
