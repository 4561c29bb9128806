import { TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import type { PromptRecord } from "@balcao/common";
import { PHONE_HIDDEN, PHONE_TITLE } from "../../components/phoneTable";
import { DeleteRowButton, EditRowButton } from "../../components/RowActionButtons";

interface Props {
  prompt: PromptRecord;
  onEdit(): void;
  onDelete(): void;
}

/** One prompt: its name, queue, max tokens, edit and delete. */
export function PromptRow({ prompt, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <TableRow hover data-testid={`prompt-row-${prompt.id}`}>
      <TableCell align="left" className={PHONE_TITLE}>
        {prompt.name}
      </TableCell>
      <TableCell align="center">{prompt.queue?.name ?? "—"}</TableCell>
      <TableCell align="center" className={PHONE_HIDDEN}>
        {prompt.maxTokens}
      </TableCell>
      <TableCell align="center">
        <EditRowButton label={t("prompts.editAction", { name: prompt.name })} onClick={onEdit} testId={`prompt-edit-${prompt.id}`} />
        <DeleteRowButton label={t("prompts.deleteAction", { name: prompt.name })} onClick={onDelete} testId={`prompt-delete-${prompt.id}`} />
      </TableCell>
    </TableRow>
  );
}
