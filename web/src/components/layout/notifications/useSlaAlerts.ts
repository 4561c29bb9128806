import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { toast } from "react-toastify";
import { ACTION_TOAST_AUTO_CLOSE_MS, type SlaAlert } from "@balcao/common";
import { useCompanyEvent } from "../../../realtime/socketContext";

/** The server tells a queue's supervisors when a ticket nears or misses its SLA target: a toast that opens it. */
export function useSlaAlerts() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useCompanyEvent<SlaAlert>("sla", ({ action, kind, ticketId, ticketUuid }) => {
    const text = t(action === "breach" ? "sla.breachToast" : "sla.nearToast", { id: ticketId, what: t(`sla.${kind}`).toLowerCase() });
    const show = action === "breach" ? toast.error : toast.warning;
    show(text, { toastId: `sla-${action}-${kind}-${ticketId}`, onClick: () => navigate(`/tickets/${ticketUuid}`), autoClose: ACTION_TOAST_AUTO_CLOSE_MS });
  });
}
