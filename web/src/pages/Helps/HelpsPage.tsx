import { useState } from "react";
import { Alert, Box, Button, Card, CardActionArea, CardContent, CircularProgress, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/PageContainer";
import { HelpThumbnail } from "./HelpThumbnail";
import { HelpVideoDialog } from "./HelpVideoDialog";
import { fetchHelps, helpsKey, type Help } from "./helpsApi";

/** /helps: a grid of video cards; a card opens its video in a modal player (administration §2). */
export function HelpsPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: helpsKey, queryFn: fetchHelps });
  const [playing, setPlaying] = useState<Help | null>(null);
  const helps = query.data ?? [];

  let content;
  if (query.isPending) content = <CircularProgress size={28} aria-label={t("common.loading")} />;
  else if (query.isError)
    content = (
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
  else if (helps.length === 0)
    content = (
      <Typography color="text.secondary" data-testid="helps-empty">
        {t("helps.empty")}
      </Typography>
    );
  else
    content = (
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))" }} data-testid="helps-grid">
        {helps.map((help) => (
          <Card key={help.id} variant="outlined" data-testid={`help-card-${help.id}`}>
            <CardActionArea onClick={() => setPlaying(help)} aria-label={t("helps.watch", { title: help.title })} sx={{ height: "100%", display: "flex", flexDirection: "column", alignItems: "stretch" }}>
              <HelpThumbnail key={help.video} help={help} />
              <CardContent sx={{ flex: 1 }}>
                <Typography variant="subtitle1" fontWeight={600} gutterBottom>
                  {help.title}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ display: "-webkit-box", WebkitLineClamp: 3, WebkitBoxOrient: "vertical", overflow: "hidden" }}>
                  {help.description}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    );

  return (
    <PageContainer title={t("helps.title")} subtitle={t("helps.subtitle")}>
      {content}
      <HelpVideoDialog help={playing} onClose={() => setPlaying(null)} />
    </PageContainer>
  );
}
