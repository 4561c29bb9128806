import { useEffect } from "react";
import { Grid, MenuItem, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { WhatsappTemplateView } from "@balcao/common";
import { api } from "../api/client";
import { bodyVariableCount, fitVariables, type TemplateChoiceValue } from "./templateChoiceValues";

/** The connection's message templates (Cloud API), as last read from Graph. */
async function fetchConnectionTemplates(whatsappId: number): Promise<WhatsappTemplateView[]> {
  const { data } = await api.get<WhatsappTemplateView[]>(`/whatsapp/${whatsappId}/templates`);
  return data;
}

interface TemplateChoiceProps {
  whatsappId: number;
  value: TemplateChoiceValue;
  onChange(value: TemplateChoiceValue): void;
  disabled: boolean;
  /** The server's refusal of the template, shown under its select. */
  error?: string;
  /** What the choice is for, above the select. */
  intro: string;
  /** Which placeholders the variables may hold, under the first one. */
  variableHint: string;
  /** Prefix of the test ids: `${testId}-template`, `${testId}-field-template`… */
  testId: string;
}

/**
 * One of a Cloud API connection's approved templates, sent outside the 24-hour service window,
 * with a field for each of its body's variables.
 */
export function TemplateChoice({ whatsappId, value, onChange, disabled, error, intro, variableHint, testId }: TemplateChoiceProps) {
  const { t } = useTranslation();
  const templates = useQuery({ queryKey: ["whatsapp", "templates", whatsappId], queryFn: () => fetchConnectionTemplates(whatsappId), staleTime: 0 });
  const approved = (templates.data ?? []).filter((x) => x.status === "APPROVED");
  const template = approved.find((x) => `${x.name}|${x.language}` === value.key);
  const count = bodyVariableCount(template);
  // a saved choice read before the templates arrived: one value a variable
  useEffect(() => {
    if (template && value.variables.length !== count) onChange({ key: value.key, variables: fitVariables(value.variables, count) });
  }, [template, count, value, onChange]);
  return (
    <Grid container spacing={2} data-testid={`${testId}-template`}>
      <Grid size={12}>
        <Typography variant="body2" color="text.secondary">
          {intro}
        </Typography>
      </Grid>
      <Grid size={12}>
        <TextField
          select
          fullWidth
          size="small"
          label={t("campaigns.template.label")}
          value={value.key}
          onChange={(event) => {
            const key = event.target.value;
            const next = approved.find((x) => `${x.name}|${x.language}` === key);
            onChange({ key, variables: fitVariables(value.variables, bodyVariableCount(next)) });
          }}
          disabled={disabled}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ select: { SelectDisplayProps: { "data-testid": `${testId}-field-template` } as object } }}
        >
          <MenuItem value="">{t("campaigns.template.none")}</MenuItem>
          {approved.map((x) => (
            <MenuItem key={`${x.name}|${x.language}`} value={`${x.name}|${x.language}`} data-testid={`${testId}-option-template-${x.name}-${x.language}`}>
              {x.name} ({x.language})
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {Array.from({ length: count }, (_, i) => (
        <Grid key={i} size={{ xs: 12, sm: 6 }}>
          <TextField
            value={value.variables[i] ?? ""}
            onChange={(event) => onChange({ key: value.key, variables: value.variables.map((v, j) => (j === i ? event.target.value : v)) })}
            label={t("campaigns.template.variable", { n: i + 1 })}
            fullWidth
            size="small"
            disabled={disabled}
            helperText={i === 0 ? variableHint : undefined}
            slotProps={{ htmlInput: { "data-testid": `${testId}-template-variable-${i + 1}` } }}
          />
        </Grid>
      ))}
    </Grid>
  );
}
