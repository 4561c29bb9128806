import { useState } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { Box, Stack, Tab, Tabs, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { fieldError, muiRegister } from "../../components/formFields";
import { MESSAGE_NUMBERS, type CampaignFormValues } from "./campaignForm";

interface CampaignMessagesProps {
  register: UseFormRegister<CampaignFormValues>;
  errors: FieldErrors<CampaignFormValues>;
  confirmation: boolean;
  disabled: boolean;
}

/** Five message tabs (one is drawn at random per contact); with confirmation on, each has its confirmation message. */
export function CampaignMessages({ register, errors, confirmation, disabled }: CampaignMessagesProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  return (
    <Box>
      <Tabs value={tab} onChange={(_, next: number) => setTab(next)} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        {MESSAGE_NUMBERS.map((n, i) => (
          <Tab key={n} value={i} label={t("campaigns.dialog.messageTab", { n })} data-testid={`campaign-tab-${n}`} />
        ))}
      </Tabs>
      {MESSAGE_NUMBERS.map((n, i) => (
        <Stack key={n} spacing={2} sx={{ pt: 2, display: tab === i ? "flex" : "none" }}>
          <TextField
            {...muiRegister(register(`message${n}`))}
            label={t("campaigns.dialog.message")}
            multiline
            minRows={4}
            fullWidth
            disabled={disabled}
            {...fieldError(errors[`message${n}`], t("campaigns.dialog.messageHint"))}
            slotProps={{ htmlInput: { "data-testid": `campaign-message-${n}` } }}
          />
          {confirmation && (
            <TextField
              {...muiRegister(register(`confirmationMessage${n}`))}
              label={t("campaigns.dialog.confirmationMessage")}
              multiline
              minRows={3}
              fullWidth
              disabled={disabled}
              {...fieldError(errors[`confirmationMessage${n}`])}
              slotProps={{ htmlInput: { "data-testid": `campaign-confirmation-message-${n}` } }}
            />
          )}
        </Stack>
      ))}
    </Box>
  );
}
