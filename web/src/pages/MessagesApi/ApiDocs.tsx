import { Box, Divider, Link, Paper, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { EXTERNAL_API_MAX_PER_MINUTE } from "@balcao/common";
import { CodeBlock } from "./CodeBlock";
import { sendUrl } from "./messagesApiClient";

const EXAMPLE_NUMBER = "5511999990001";

/** curl examples built from this server's address. */
export function curlExamples(url: string) {
  return {
    text: [`curl -X POST "${url}" \\`, `  -H "Authorization: Bearer SEU_TOKEN" \\`, `  -H "Content-Type: application/json" \\`, `  -d '{"number": "${EXAMPLE_NUMBER}", "body": "Olá! Seu pedido foi enviado."}'`].join(
      "\n",
    ),
    media: [`curl -X POST "${url}" \\`, `  -H "Authorization: Bearer SEU_TOKEN" \\`, `  -F "number=${EXAMPLE_NUMBER}" \\`, `  -F "body=Segue a nota fiscal" \\`, `  -F "medias=@/caminho/nota fiscal.pdf"`].join("\n"),
  };
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2">
      <Box component="span" fontWeight={600}>
        {label}:{" "}
      </Box>
      <Box component="code" sx={{ fontFamily: "monospace", wordBreak: "break-all" }}>
        {value}
      </Box>
    </Typography>
  );
}

/** How to call POST /api/messages/send: address, token, number format, JSON and multipart examples. */
export function ApiDocs() {
  const { t } = useTranslation();
  const url = sendUrl();
  const examples = curlExamples(url);
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="h6">{t("messagesApi.methodsTitle")}</Typography>
          <Typography component="ol" variant="body2" sx={{ pl: 3, my: 0.5 }}>
            <li>{t("messagesApi.methodText")}</li>
            <li>{t("messagesApi.methodMedia")}</li>
          </Typography>
        </Box>
        <Box>
          <Typography variant="h6">{t("messagesApi.notesTitle")}</Typography>
          <Typography component="ul" variant="body2" sx={{ pl: 3, my: 0.5 }}>
            <li>{t("messagesApi.tokenNote")}</li>
            <li>{t("messagesApi.numberNote")}</li>
            <li>{t("messagesApi.ticketNote")}</li>
            <li>{t("messagesApi.limitNote", { max: EXTERNAL_API_MAX_PER_MINUTE })}</li>
          </Typography>
        </Box>
        <Divider />
        <Stack spacing={1}>
          <Typography variant="h6">{t("messagesApi.textTitle")}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t("messagesApi.textIntro")}
          </Typography>
          <Fact label={t("messagesApi.endpoint")} value={url} />
          <Fact label={t("messagesApi.method")} value="POST" />
          <Fact label={t("messagesApi.headers")} value="Authorization: Bearer {token} · Content-Type: application/json" />
          <Fact label={t("messagesApi.body")} value={`{ "number": "${EXAMPLE_NUMBER}", "body": "…" }`} />
          <CodeBlock code={examples.text} testId="api-doc-text-curl" />
        </Stack>
        <Stack spacing={1}>
          <Typography variant="h6">{t("messagesApi.mediaTitle")}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t("messagesApi.mediaIntro")}
          </Typography>
          <Fact label={t("messagesApi.endpoint")} value={url} />
          <Fact label={t("messagesApi.method")} value="POST" />
          <Fact label={t("messagesApi.headers")} value="Authorization: Bearer {token} · Content-Type: multipart/form-data" />
          <Fact label={t("messagesApi.body")} value="number, body, medias" />
          <CodeBlock code={examples.media} testId="api-doc-media-curl" />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t("messagesApi.responseNote")}
        </Typography>
        <Divider />
        <Typography variant="body2">
          {t("messagesApi.fullApi")}{" "}
          <Link href="/api-docs" target="_blank" rel="noopener" data-testid="api-docs-link">
            {t("messagesApi.fullApiLink")}
          </Link>
        </Typography>
      </Stack>
    </Paper>
  );
}
