import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Autocomplete, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/queryKeys";
import { searchContacts } from "../../api/tickets";
import { useDebouncedValue } from "../Tickets/useDebouncedValue";
import type { ContactRef } from "./schedulesApi";

interface ScheduleContactSelectProps {
  value: ContactRef | null;
  onChange(contact: ContactRef | null): void;
  error?: string;
  disabled?: boolean;
}

const label = (c: ContactRef) => (c.number ? `${c.name} - ${c.number}` : c.name);

/** The contact to write to, searched by name or number on the server as the user types. */
export function ScheduleContactSelect({ value, onChange, error, disabled }: ScheduleContactSelectProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const typed = input.trim();
  const term = useDebouncedValue(typed);
  // while the input shows the chosen contact, there is nothing to search
  const searching = term.length > 0 && !(value && term === label(value));
  const contacts = useQuery({ queryKey: queryKeys.contactSearch(term), queryFn: () => searchContacts(term), enabled: searching && !disabled, staleTime: 10_000 });
  const options: ContactRef[] = searching ? (contacts.data ?? []) : [];

  return (
    <Autocomplete
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={searching && contacts.isFetching}
      loadingText={t("scheduledMessages.dialog.searching")}
      noOptionsText={typed ? t("scheduledMessages.dialog.noContacts") : t("scheduledMessages.dialog.contactHint")}
      disabled={disabled}
      renderOption={({ key, ...props }, contact) => (
        <li key={key} {...props} data-testid={`schedule-contact-option-${contact.id}`}>
          {label(contact)}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("scheduledMessages.dialog.contact")}
          error={Boolean(error)}
          helperText={error ?? (disabled ? undefined : t("scheduledMessages.dialog.contactHint"))}
          inputProps={{ ...params.inputProps, "data-testid": "schedule-contact" }}
        />
      )}
    />
  );
}
