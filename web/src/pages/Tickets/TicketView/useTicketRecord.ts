import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { errorCode, errorStatus, toastError } from "../../../api/errors";
import { fetchTicketByUuid, ticketViewKeys } from "./api";

/**
 * The open ticket. A ticket outside the user's queues (403 ERR_NO_PERMISSION) shows
 * 'Acesso não permitido' and goes back to /tickets; an unknown one (404) goes back too.
 */
export function useTicketRecord(uuid: string) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ticketViewKeys.ticket(uuid),
    queryFn: () => fetchTicketByUuid(uuid),
    meta: { silent: true },
    staleTime: 0,
  });
  const { error } = query;

  useEffect(() => {
    if (!error) return;
    const status = errorStatus(error);
    if (status === 403 && errorCode(error) === "ERR_NO_PERMISSION") {
      toast.error(t("ticketView.accessDenied"), { toastId: "ticket-access-denied" });
      navigate("/tickets", { replace: true });
    } else if (status === 404 || status === 400) {
      toastError(error);
      navigate("/tickets", { replace: true });
    } else toastError(error);
  }, [error, navigate, t]);

  return query;
}
