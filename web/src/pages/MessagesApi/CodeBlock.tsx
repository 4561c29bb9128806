import { useState } from "react";
import { Box, IconButton, Tooltip } from "@mui/material";
import { CheckOutlined, ContentCopyOutlined } from "@mui/icons-material";
import { useTranslation } from "react-i18next";

/** A monospaced example with a copy button. */
export function CodeBlock({ code, testId }: { code: string; testId?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 1500);
    } catch {
      /* clipboard unavailable (insecure origin): the text stays selectable */
    }
  };
  return (
    <Box sx={{ position: "relative", bgcolor: "action.hover", borderRadius: 1, p: 1.5, pr: 5 }}>
      <Box component="pre" data-testid={testId} sx={{ m: 0, fontFamily: "monospace", fontSize: 13, whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
        {code}
      </Box>
      <Tooltip title={copied ? t("messagesApi.copied") : t("messagesApi.copy")}>
        <IconButton size="small" onClick={copy} aria-label={t("messagesApi.copy")} sx={{ position: "absolute", top: 4, right: 4 }}>
          {copied ? <CheckOutlined fontSize="small" /> : <ContentCopyOutlined fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
