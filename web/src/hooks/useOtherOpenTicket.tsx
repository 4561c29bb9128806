import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { toastError } from "../api/errors";
import { isAttendedByOther, otherOpenTicketOf, type OtherOpenTicket } from "../api/otherOpenTicket";
import { useSessionUser } from "../app/authContext";
import { OtherTicketDialog } from "../components/OtherTicketDialog";

interface Options {
  /** Before the other ticket opens (a modal closes itself, for one). */
  onOpenOther?(): void;
  /** After the "already being attended" dialog is closed. */
  onDialogClose?(): void;
}

/**
 * Failure handler for calls that may answer 409 ERR_OTHER_OPEN_TICKET (create, reopen, transfer):
 * the contact's other ticket is named in a dialog when another attendant has it, otherwise opened;
 * any other failure goes to the shared toast. Use with `meta: { silent: true }`.
 */
export function useOtherOpenTicket({ onOpenOther, onDialogClose }: Options = {}) {
  const me = useSessionUser();
  const navigate = useNavigate();
  const [other, setOther] = useState<OtherOpenTicket | null>(null);

  const onError = (err: unknown) => {
    const found = otherOpenTicketOf(err);
    if (!found) return toastError(err);
    if (isAttendedByOther(found, me.id)) return setOther(found);
    onOpenOther?.();
    navigate(`/tickets/${found.uuid}`);
  };

  const dialog = other ? (
    <OtherTicketDialog
      ticket={other}
      onClose={() => {
        setOther(null);
        onDialogClose?.();
      }}
    />
  ) : null;

  return { onError, dialog };
}
