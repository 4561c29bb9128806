import { useState } from "react";
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem, Tooltip } from "@mui/material";
import MoreVertIcon from "@mui/icons-material/MoreVert";
import SwapHorizIcon from "@mui/icons-material/SwapHoriz";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EventOutlinedIcon from "@mui/icons-material/EventOutlined";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { can } from "@balcao/common";
import { applyTicketDelete, updateTicketLists } from "../../../../api/ticketCache";
import { useSessionUser } from "../../../../app/authContext";
import { useCompanyPlan } from "../../../../api/hooks";
import { ConfirmDialog } from "../../../../components/ConfirmDialog";
import { deleteTicket, ticketViewKeys } from "../api";
import type { TicketView } from "../types";
import { TransferTicketModal } from "../../TransferTicketModal";
import { ScheduleDialog } from "../../../../components/scheduleDialog/ScheduleDialog";

type Dialog = "schedule" | "transfer" | "delete" | null;

/** Schedule a message to the contact (plan useSchedules), transfer and (admins) delete the ticket. */
export function TicketOptionsMenu({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const me = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const canDelete = can(me.profile, "ticket-options:deleteTicket");
  const canSchedule = useCompanyPlan(me.companyId).data?.plan?.useSchedules === true;

  const remove = useMutation({
    mutationFn: () => deleteTicket(ticket.id),
    onSuccess: () => {
      updateTicketLists(queryClient, (data) => applyTicketDelete(data, ticket.id));
      queryClient.removeQueries({ queryKey: ticketViewKeys.messages(ticket.id) });
      toast.success(t("ticketView.options.deleted"));
      // The deleted ticket's address leaves the history.
      navigate("/tickets", { replace: true });
    },
  });

  const open = (next: Dialog) => {
    setAnchor(null);
    setDialog(next);
  };

  return (
    <>
      <Tooltip title={t("ticketView.actions.options")}>
        <IconButton aria-label={t("ticketView.actions.options")} onClick={(event) => setAnchor(event.currentTarget)} data-testid="ticket-options">
          <MoreVertIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} transformOrigin={{ vertical: "top", horizontal: "right" }}>
        {canSchedule && (
          <MenuItem onClick={() => open("schedule")} data-testid="ticket-option-schedule">
            <ListItemIcon>
              <EventOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t("ticketView.options.schedule")}</ListItemText>
          </MenuItem>
        )}
        <MenuItem onClick={() => open("transfer")} data-testid="ticket-option-transfer">
          <ListItemIcon>
            <SwapHorizIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t("ticketView.options.transfer")}</ListItemText>
        </MenuItem>
        {canDelete && (
          <MenuItem onClick={() => open("delete")} data-testid="ticket-option-delete">
            <ListItemIcon>
              <DeleteOutlineIcon fontSize="small" color="error" />
            </ListItemIcon>
            <ListItemText>{t("ticketView.options.delete")}</ListItemText>
          </MenuItem>
        )}
      </Menu>
      <ScheduleDialog open={dialog === "schedule"} scheduleId={null} contact={{ id: ticket.contactId, name: ticket.contact.name, number: ticket.contact.number }} ticketId={ticket.id} onClose={() => setDialog(null)} />
      <TransferTicketModal open={dialog === "transfer"} ticket={ticket} onClose={() => setDialog(null)} />
      <ConfirmDialog
        open={dialog === "delete"}
        title={t("ticketView.options.deleteTitle", { name: ticket.contact.name })}
        message={t("ticketView.options.deleteText")}
        confirmLabel={t("ticketView.options.delete")}
        onConfirm={() => remove.mutate()}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
