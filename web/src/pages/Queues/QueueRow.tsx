import { Box, Stack, TableCell, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PHONE_HIDDEN, PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";
import type { QueueListItem } from "./queuesApi";

interface QueueRowProps {
  queue: QueueListItem;
  onEdit(): void;
  onDelete(): void;
}

/** One queue of the list: id, name, colour swatch, order, greeting and the edit/delete actions. */
export function QueueRow({ queue, onEdit, onDelete }: QueueRowProps) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`queue-row-${queue.id}`}>
      <TableCell align="center" className={PHONE_HIDDEN}>
        {queue.id}
      </TableCell>
      <TableCell className={PHONE_TITLE} data-testid={`queue-name-${queue.id}`}>
        {queue.name}
      </TableCell>
      <TableCell align="center">
        <Stack direction="row" spacing={1} alignItems="center" justifyContent="center">
          <Box data-testid={`queue-color-${queue.id}`} data-color={queue.color} sx={{ width: 56, height: 20, borderRadius: 1, bgcolor: queue.color, border: 1, borderColor: "divider" }} />
          <Typography variant="caption" color="text.secondary">
            {queue.color}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell align="center" className={PHONE_HIDDEN}>
        {queue.orderQueue ?? ""}
      </TableCell>
      <TableCell className={PHONE_HIDDEN}>
        <Typography variant="body2" noWrap sx={{ maxWidth: 360 }} title={queue.greetingMessage}>
          {queue.greetingMessage}
        </Typography>
      </TableCell>
      <TableCell align="center">
        <EditRowButton label={t("queues.editAction", { name: queue.name })} onClick={onEdit} testId={`queue-edit-${queue.id}`} />
        <DeleteRowButton label={t("queues.deleteAction", { name: queue.name })} onClick={onDelete} testId={`queue-delete-${queue.id}`} />
      </TableCell>
    </TableRow>
  );
}
