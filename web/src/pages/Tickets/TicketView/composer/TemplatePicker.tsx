import { useMemo, useState } from "react";
import { Alert, Box, Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { WhatsappTemplateView } from "@balcao/common";
import { fetchTemplates, sendTemplateMessage } from "../api";
import { fillVariables, variableCount } from "../serviceWindow";
import type { TicketView } from "../types";

interface TemplatePickerProps {
  ticket: TicketView;
  open: boolean;
  onClose(): void;
  onSent(): void;
}

const keyOf = (t: Pick<WhatsappTemplateView, "name" | "language">) => `${t.name}|${t.language}`;
const partOf = (t: WhatsappTemplateView | undefined, type: string) => t?.components.find((c) => c.type.toUpperCase() === type);
const MEDIA_HEADERS = ["IMAGE", "VIDEO", "DOCUMENT"];
/** The URL buttons whose address ends in a variable: each takes a value when sending. */
const dynamicLinks = (t: WhatsappTemplateView | undefined) => (partOf(t, "BUTTONS")?.buttons ?? []).filter((b) => b.type.toUpperCase() === "URL" && variableCount(b.url) > 0);

/** Chooses an approved message template of the ticket's connection, fills its variables and sends it, showing what the customer will read. */
export function TemplatePicker({ ticket, open, onClose, onSent }: TemplatePickerProps) {
  const { t } = useTranslation();
  const whatsappId = ticket.whatsappId;
  const templates = useQuery({ queryKey: ["whatsappTemplates", whatsappId], queryFn: () => fetchTemplates(whatsappId!), enabled: open && whatsappId !== null });
  const approved = useMemo(() => (templates.data ?? []).filter((x) => x.status === "APPROVED"), [templates.data]);
  const [chosen, setChosen] = useState("");
  const [values, setValues] = useState<string[]>([]);
  const [headerValues, setHeaderValues] = useState<string[]>([]);
  const [mediaUrl, setMediaUrl] = useState("");
  const [linkValues, setLinkValues] = useState<string[]>([]);
  const template = approved.find((x) => keyOf(x) === chosen);
  const header = partOf(template, "HEADER");
  const headerFormat = (header?.format ?? "TEXT").toUpperCase();
  const body = partOf(template, "BODY");
  const footer = partOf(template, "FOOTER");
  const links = dynamicLinks(template);
  const suggestions = [
    { key: "name", label: t("ticketView.templates.fillName"), value: ticket.contact?.name ?? "" },
    { key: "number", label: t("ticketView.templates.fillNumber"), value: ticket.contact?.number ?? "" },
    { key: "ticket", label: t("ticketView.templates.fillTicket"), value: String(ticket.id) },
  ].filter((s) => s.value);

  const choose = (key: string) => {
    setChosen(key);
    const next = approved.find((x) => keyOf(x) === key);
    // the first variable is most often the customer's name
    const count = variableCount(partOf(next, "BODY")?.text);
    setValues(Array.from({ length: count }, (_, i) => (i === 0 ? (ticket.contact?.name ?? "") : "")));
    const headerPart = partOf(next, "HEADER");
    setHeaderValues(Array.from({ length: (headerPart?.format ?? "TEXT").toUpperCase() === "TEXT" ? variableCount(headerPart?.text) : 0 }, () => ""));
    setMediaUrl("");
    setLinkValues(dynamicLinks(next).map(() => ""));
  };

  const preview = [headerFormat === "TEXT" ? fillVariables(header?.text ?? "", headerValues) : "", fillVariables(body?.text ?? "", values), footer?.text ?? ""].filter((x) => x.trim()).join("\n\n");
  const needsMedia = !!header && MEDIA_HEADERS.includes(headerFormat);
  const complete = !!template && values.every((v) => v.trim()) && headerValues.every((v) => v.trim()) && linkValues.every((v) => v.trim()) && (!needsMedia || /^https?:\/\/\S+$/.test(mediaUrl.trim()));

  const send = useMutation({
    mutationFn: () =>
      sendTemplateMessage(ticket.id, {
        name: template!.name,
        language: template!.language,
        variables: values.map((v) => v.trim()),
        headerVariables: headerValues.map((v) => v.trim()),
        buttonVariables: linkValues.map((v) => v.trim()),
        ...(needsMedia ? { headerMediaUrl: mediaUrl.trim() } : {}),
      }),
    onSuccess: () => {
      setChosen("");
      onSent();
      onClose();
    },
  });

  const field = (label: string, value: string, onChange: (v: string) => void, testId: string) => (
    <Box key={testId}>
      <TextField label={label} value={value} onChange={(event) => onChange(event.target.value)} fullWidth size="small" slotProps={{ htmlInput: { "data-testid": testId } }} />
      <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: "wrap" }}>
        {suggestions.map((s) => (
          <Chip key={s.key} size="small" variant="outlined" label={s.label} onClick={() => onChange(s.value)} />
        ))}
      </Stack>
    </Box>
  );

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="template-picker">
      <DialogTitle>{t("ticketView.templates.title")}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t("ticketView.templates.intro")}
          </Typography>
          {templates.isLoading ? (
            <CircularProgress size={24} />
          ) : approved.length === 0 ? (
            <Alert severity="info" data-testid="template-none">
              {t("ticketView.templates.none")}
            </Alert>
          ) : (
            <TextField
              select
              label={t("ticketView.templates.choose")}
              value={chosen}
              onChange={(event) => choose(event.target.value)}
              fullWidth
              size="small"
              slotProps={{ select: { SelectDisplayProps: { "data-testid": "template-select" } as object } }}
            >
              {approved.map((x) => (
                <MenuItem key={keyOf(x)} value={keyOf(x)} data-testid={`template-option-${x.name}-${x.language}`}>
                  {x.name} ({x.language})
                </MenuItem>
              ))}
            </TextField>
          )}
          {headerValues.map((v, i) => field(t("ticketView.templates.headerVariable", { n: i + 1 }), v, (next) => setHeaderValues((all) => all.map((x, k) => (k === i ? next : x))), `template-header-variable-${i + 1}`))}
          {needsMedia && (
            <TextField
              label={t("ticketView.templates.mediaUrl", { format: headerFormat.toLowerCase() })}
              value={mediaUrl}
              onChange={(event) => setMediaUrl(event.target.value)}
              placeholder="https://"
              fullWidth
              size="small"
              slotProps={{ htmlInput: { "data-testid": "template-media-url" } }}
            />
          )}
          {values.map((v, i) => field(t("ticketView.templates.variable", { n: i + 1 }), v, (next) => setValues((all) => all.map((x, k) => (k === i ? next : x))), `template-variable-${i + 1}`))}
          {links.map((link, i) => (
            <TextField
              key={`link-${i}`}
              label={t("ticketView.templates.linkVariable", { button: link.text })}
              helperText={link.url}
              value={linkValues[i] ?? ""}
              onChange={(event) => setLinkValues((all) => all.map((x, k) => (k === i ? event.target.value : x)))}
              fullWidth
              size="small"
              slotProps={{ htmlInput: { "data-testid": `template-link-variable-${i + 1}` } }}
            />
          ))}
          {template && (
            <Box>
              <Typography variant="subtitle2" gutterBottom>
                {t("ticketView.templates.preview")}
              </Typography>
              <Box sx={{ whiteSpace: "pre-wrap", bgcolor: "action.hover", borderRadius: 1, p: 1.5 }} data-testid="template-preview">
                {preview}
              </Box>
            </Box>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button variant="contained" disabled={!complete || send.isPending} onClick={() => send.mutate()} data-testid="template-send">
          {t("ticketView.templates.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
