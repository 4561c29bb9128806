import { Box, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/PageContainer";
import { ApiDocs } from "./ApiDocs";
import { MediaSendForm } from "./MediaSendForm";
import { TextSendForm } from "./TextSendForm";

/** The messages API page: how other systems send through a connection, and forms to try it. */
export function MessagesApiPage() {
  const { t } = useTranslation();
  return (
    <PageContainer title={t("messagesApi.title")} subtitle={t("messagesApi.subtitle")}>
      <Stack spacing={3} data-testid="messages-api-page">
        <ApiDocs />
        <Box>
          <Typography variant="h6" sx={{ mb: 1.5 }}>
            {t("messagesApi.testTitle")}
          </Typography>
          <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "repeat(2, minmax(0, 1fr))" }, alignItems: "start" }}>
            <TextSendForm />
            <MediaSendForm />
          </Box>
        </Box>
      </Stack>
    </PageContainer>
  );
}
