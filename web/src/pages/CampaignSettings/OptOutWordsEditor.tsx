import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { Button, Chip, Stack, TextField } from "@mui/material";
import AddIcon from "@mui/icons-material/Add";
import { optOutWord } from "@balcao/common";

interface OptOutWordsEditorProps {
  words: string[];
  disabled?: boolean;
  onChange(words: string[]): void;
}

/** The answers that take a number out of every campaign: added in capitals, removed from their chip; one at least stays. */
export function OptOutWordsEditor({ words, disabled, onChange }: OptOutWordsEditorProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");

  const add = () => {
    const parsed = optOutWord.safeParse(draft);
    if (!parsed.success) return void toast.error(t("campaignSettings.optOutInvalid"));
    if (words.includes(parsed.data)) return void toast.warning(t("campaignSettings.optOutExists"));
    onChange([...words, parsed.data]);
    setDraft("");
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" flexWrap="wrap" gap={1} data-testid="opt-out-words">
        {words.map((word) => (
          <Chip key={word} label={word} data-testid="opt-out-word" disabled={disabled} onDelete={words.length > 1 ? () => onChange(words.filter((w) => w !== word)) : undefined} aria-label={word} />
        ))}
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} alignItems={{ sm: "flex-start" }}>
        <TextField
          size="small"
          label={t("campaignSettings.optOutWord")}
          value={draft}
          disabled={disabled}
          inputProps={{ maxLength: 30, "data-testid": "opt-out-input" }}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={add} disabled={disabled} data-testid="opt-out-add" sx={{ whiteSpace: "nowrap" }}>
          {t("campaignSettings.addOptOut")}
        </Button>
      </Stack>
    </Stack>
  );
}
