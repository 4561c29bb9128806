import { useState } from "react";
import { Alert, Button, Stack, Typography } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { useTranslation } from "react-i18next";
import { OptionList } from "./OptionList";

/** The queue's chatbot menu as a tree; every change is saved at once through /queue-options. */
export function QueueOptionsEditor({ queueId }: { queueId: number | null }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);

  return (
    <Stack spacing={1.5} data-testid="queue-options">
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={2}>
        <div>
          <Typography variant="subtitle1" fontWeight={600}>
            {t("queues.options.title")}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t("queues.options.hint")}
          </Typography>
        </div>
        {queueId !== null && (
          <Button size="small" variant="outlined" startIcon={<AddIcon />} onClick={() => setAdding(true)} disabled={adding} data-testid="queue-options-add">
            {t("queues.options.add")}
          </Button>
        )}
      </Stack>
      {queueId === null ? (
        <Alert severity="info" data-testid="queue-options-save-first">
          {t("queues.options.saveQueueFirst")}
        </Alert>
      ) : (
        <OptionList queueId={queueId} parentId={null} depth={0} adding={adding} onAddingChange={setAdding} />
      )}
    </Stack>
  );
}
