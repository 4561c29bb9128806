import type { ReactNode } from "react";
import { IconButton, Tooltip } from "@mui/material";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutline";
import EditIcon from "@mui/icons-material/Edit";

interface RowActionButtonProps {
  /** The tooltip, also the button's accessible name. */
  label: string;
  testId: string;
  onClick(): void;
}

function RowIconButton({ label, testId, onClick, icon }: RowActionButtonProps & { icon: ReactNode }) {
  return (
    <Tooltip title={label}>
      <IconButton size="small" onClick={onClick} aria-label={label} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** A list row's edit button: a pencil. */
export function EditRowButton(props: RowActionButtonProps) {
  return <RowIconButton {...props} icon={<EditIcon fontSize="small" />} />;
}

/** A list row's delete button: a bin (the page asks for confirmation). */
export function DeleteRowButton(props: RowActionButtonProps) {
  return <RowIconButton {...props} icon={<DeleteOutlineIcon fontSize="small" />} />;
}
