import { Alert, Box, Button, CircularProgress, Divider, Paper, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DeadLetterItem } from "./DeadLetterItem";
import { useDeadLetters } from "./useDeadLetters";

/** Customers' messages a channel delivered that could not be stored, for the company's admins to look at and dismiss. */
export function DeadLettersSection() {
  const { t } = useTranslation();
  const { query, items, total, dismiss } = useDeadLetters();

  let state = null;
  if (query.isPending) state = <CircularProgress size={28} aria-label={t("common.loading")} />;
  else if (query.isError && items.length === 0) {
    state = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t("common.retry")}
          </Button>
        }
      >
        {t("common.loadFailed")}
      </Alert>
    );
  } else if (items.length === 0) {
    state = (
      <Typography color="text.secondary" data-testid="dead-letters-empty">
        {t("connections.deadLetters.empty")}
      </Typography>
    );
  }

  return (
    <Paper variant="outlined" sx={{ mt: 3 }} component="section" aria-labelledby="dead-letters-title" data-testid="dead-letters">
      <Box sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" id="dead-letters-title">
          {t("connections.deadLetters.title")}
          {!!total && ` (${total})`}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t("connections.deadLetters.intro")}
        </Typography>
      </Box>
      <Divider />
      {state && <Box sx={{ p: 3, textAlign: "center" }}>{state}</Box>}
      {items.map((letter) => (
        <DeadLetterItem key={letter.id} letter={letter} busy={dismiss.isPending && dismiss.variables === letter.id} onDismiss={() => dismiss.mutate(letter.id)} />
      ))}
      {query.hasNextPage && (
        <Stack alignItems="center" sx={{ p: 1 }}>
          <Button size="small" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()} data-testid="dead-letters-more">
            {t("connections.deadLetters.loadMore")}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
