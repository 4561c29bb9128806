import { Alert, Box, Button, Skeleton, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { OptionForm } from "./OptionForm";
import { OptionNode } from "./OptionNode";
import { useQueueOptionLevel } from "./useQueueOptions";

interface OptionListProps {
  queueId: number;
  parentId: number | null;
  depth: number;
  /** A new option's form is open at the end of this level. */
  adding: boolean;
  onAddingChange(adding: boolean): void;
}

/** One level of the chatbot menu: its options (each with its own sub-level) and the form of a new one. */
export function OptionList({ queueId, parentId, depth, adding, onAddingChange }: OptionListProps) {
  const { t } = useTranslation();
  const level = useQueueOptionLevel(queueId, parentId);
  const options = level.query.data ?? [];

  const nested = depth > 0;
  if (level.query.isPending) return nested ? null : <Skeleton variant="rounded" height={36} />;
  if (level.query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void level.query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("common.loadFailed")}
      </Alert>
    );
  }

  // a sub-level shows only when it has options or one is being added
  if (nested && options.length === 0 && !adding) return null;

  return (
    <Stack spacing={1} data-testid={parentId === null ? "queue-options-root" : `queue-option-children-${parentId}`} sx={nested ? { pl: 2, ml: 1.5, mt: 1, borderLeft: 2, borderColor: "divider" } : undefined}>
      {options.length === 0 && !adding && (
        <Typography variant="body2" color="text.secondary" data-testid="queue-options-empty">
          {t("queues.options.empty")}
        </Typography>
      )}
      {options.map((option) => (
        <OptionNode
          key={option.id}
          option={option}
          level={level}
          subLevel={(addingChild, setAddingChild) => <OptionList queueId={option.queueId} parentId={option.id} depth={depth + 1} adding={addingChild} onAddingChange={setAddingChild} />}
        />
      ))}
      {adding && (
        <Box>
          <OptionForm
            initial={{ option: String(options.length + 1), title: "", message: "" }}
            saving={level.create.isPending}
            onSubmit={(fields) => level.create.mutate(fields, { onSuccess: () => onAddingChange(false) })}
            onCancel={() => onAddingChange(false)}
          />
        </Box>
      )}
    </Stack>
  );
}
