import type { ReactNode } from "react";
import { Button, Stack } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";

interface ListPageActionsProps {
  /** The list's search box, when it has one: shown before the button. */
  search?: ReactNode;
  addLabel: string;
  addTestId: string;
  onAdd(): void;
  /** The add button's icon; a plus unless told. */
  addIcon?: ReactNode;
}

/** The header actions of a list page: its search box, if any, and the add button; on phones the box takes what the button leaves. */
export function ListPageActions({ search, addLabel, addTestId, onAdd, addIcon = <AddIcon /> }: ListPageActionsProps) {
  const add = (
    <Button variant="contained" startIcon={addIcon} onClick={onAdd} data-testid={addTestId} sx={{ flexShrink: 0, whiteSpace: "nowrap" }}>
      {addLabel}
    </Button>
  );
  if (!search) return add;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ width: { xs: "100%", sm: "auto" }, "& > :first-of-type": { flex: { xs: 1, sm: "none" }, minWidth: 0 } }}>
      {search}
      {add}
    </Stack>
  );
}
