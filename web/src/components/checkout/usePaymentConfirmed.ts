import { useEffect, useRef } from "react";
import { useNavigate } from "react-router-dom";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "react-toastify";
import { useTranslation } from "react-i18next";
import { useAuth } from "../../app/authContext";
import { useCompanyEvent } from "../../realtime/socketContext";
import { formatDate } from "../../i18n/format";

interface PaymentEvent {
  action: string;
  invoiceId?: number;
  company?: { id: number; dueDate: string };
}

/** How long the success message shows before the checkout leaves for the dashboard (administration §2). */
export const LEAVE_AFTER_MS = 4_000;

/**
 * While a checkout is open for `invoiceId`: a CONCLUIDA payment event says the licence was
 * renewed until the new due date, keeps that date in the session and goes to / after 4 s.
 */
export function usePaymentConfirmed(invoiceId: number | null, onConfirmed: () => void) {
  const { t } = useTranslation();
  const { updateUser, user } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const timer = useRef<number>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useCompanyEvent<PaymentEvent>("payment", (event) => {
    if (event.action !== "CONCLUIDA" || invoiceId === null || (event.invoiceId !== undefined && event.invoiceId !== invoiceId)) return;
    const dueDate = event.company?.dueDate;
    if (dueDate && user) updateUser({ company: { ...user.company, dueDate } });
    void queryClient.invalidateQueries({ queryKey: ["invoices"] });
    toast.success(t("billing.paid", { date: dueDate ? formatDate(dueDate) : "" }), { autoClose: LEAVE_AFTER_MS });
    onConfirmed();
    timer.current = window.setTimeout(() => navigate("/"), LEAVE_AFTER_MS);
  });
}
