import { useState } from "react";
import { Button, ListItemText, Menu, MenuItem } from "@mui/material";
import DataObjectIcon from "@mui/icons-material/DataObject";
import { useTranslation } from "react-i18next";
import { TEMPLATE_VARIABLES, type TemplateVariable } from "@balcao/common";

/** The variables a reply may carry ({{firstName}}, {{name}}, …), each inserted where the cursor is. */
export function VariableMenu({ onPick, disabled }: { onPick(token: string): void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (name: TemplateVariable) => {
    setAnchor(null);
    onPick(`{{${name}}}`);
  };
  return (
    <>
      <Button
        size="small"
        startIcon={<DataObjectIcon />}
        disabled={disabled}
        // keep the message field's cursor where it is
        onMouseDown={(event) => event.preventDefault()}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="quick-message-variables"
      >
        {t("quickMessages.dialog.variables")}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {TEMPLATE_VARIABLES.map((name) => (
          <MenuItem key={name} onClick={() => pick(name)} data-testid={`quick-message-variable-${name}`}>
            <ListItemText primary={t(`quickMessages.dialog.variableNames.${name}`)} secondary={`{{${name}}}`} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
