import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Chip, Stack, Typography } from "@mui/material";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { useTranslation } from "react-i18next";
import type { DeadLetterView } from "@balcao/common";
import { formatDateAs } from "../../i18n/format";

const formatTime = (value: string) => formatDateAs(value, "shortDateTime");

interface DeadLetterItemProps {
  letter: DeadLetterView;
  busy: boolean;
  onDismiss(): void;
}

/** One message that could not be stored: when, on which connection, why; what came, on demand. */
export function DeadLetterItem({ letter, busy, onDismiss }: DeadLetterItemProps) {
  const { t } = useTranslation();
  const channel = letter.channel ? t(`connections.channels.${letter.channel}`, { defaultValue: letter.channel }) : "";
  return (
    <Accordion disableGutters square elevation={0} data-testid={`dead-letter-${letter.id}`} slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`dead-letter-${letter.id}-payload`} data-testid={`dead-letter-toggle-${letter.id}`}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={{ xs: 0.5, sm: 2 }} sx={{ minWidth: 0, width: "100%" }} alignItems={{ sm: "center" }}>
          <Typography variant="body2" sx={{ whiteSpace: "nowrap" }}>
            {formatTime(letter.createdAt)}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ minWidth: 0 }}>
            <Typography variant="body2" fontWeight={600} sx={{ minWidth: 0, overflowWrap: "anywhere" }}>
              {letter.whatsappName ?? t("connections.deadLetters.removedConnection")}
            </Typography>
            {channel && <Chip size="small" variant="outlined" label={channel} />}
          </Stack>
          <Typography variant="body2" color="error" sx={{ minWidth: 0, overflowWrap: "anywhere" }} data-testid={`dead-letter-error-${letter.id}`}>
            {letter.errorCode}: {letter.errorMessage}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`dead-letter-${letter.id}-payload`}>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: "anywhere" }}>
          {t("connections.deadLetters.externalId")}: {letter.externalId}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {t("connections.deadLetters.payload")}
        </Typography>
        <Box
          component="pre"
          data-testid={`dead-letter-payload-${letter.id}`}
          sx={{ m: 0, mt: 0.5, p: 1, maxHeight: 320, overflow: "auto", bgcolor: "action.hover", borderRadius: 1, fontSize: 12, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
        >
          {JSON.stringify(letter.payload, null, 2)}
        </Box>
        <Stack direction="row" justifyContent="flex-end" sx={{ mt: 1 }}>
          <Button size="small" color="error" variant="outlined" disabled={busy} onClick={onDismiss} data-testid={`dead-letter-dismiss-${letter.id}`}>
            {t("connections.deadLetters.dismiss")}
          </Button>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
