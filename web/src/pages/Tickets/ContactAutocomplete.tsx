import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Autocomplete, TextField } from "@mui/material";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/queryKeys";
import { searchContacts, type ContactOption } from "../../api/tickets";
import { useDebouncedValue } from "./useDebouncedValue";

/** Contact search starts at 3 characters (spec §5), after the usual 500 ms pause. */
const MIN_SEARCH = 3;

interface ContactAutocompleteProps {
  value: ContactOption | null;
  onChange(contact: ContactOption | null): void;
  error?: string;
}

export function ContactAutocomplete({ value, onChange, error }: ContactAutocompleteProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState("");
  const term = useDebouncedValue(input.trim());
  const enabled = term.length >= MIN_SEARCH;
  const contacts = useQuery({ queryKey: queryKeys.contactSearch(term), queryFn: () => searchContacts(term), enabled, staleTime: 10_000 });
  const waiting = input.trim().length >= MIN_SEARCH && (input.trim() !== term || contacts.isFetching);
  const options = enabled ? (contacts.data ?? []) : [];

  return (
    <Autocomplete
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={(contact) => (contact.number ? `${contact.name} - ${contact.number}` : contact.name)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={waiting}
      loadingText={t("ticketManager.newTicket.searching")}
      noOptionsText={input.trim().length < MIN_SEARCH ? t("ticketManager.newTicket.contactHint") : t("ticketManager.newTicket.noContacts")}
      renderOption={({ key, ...props }, contact) => (
        <li key={key} {...props} data-testid={`new-ticket-contact-option-${contact.id}`}>
          {contact.number ? `${contact.name} - ${contact.number}` : contact.name}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          autoFocus
          label={t("ticketManager.newTicket.contact")}
          error={Boolean(error)}
          helperText={error ?? t("ticketManager.newTicket.contactHint")}
          inputProps={{ ...params.inputProps, "data-testid": "new-ticket-contact" }}
        />
      )}
    />
  );
}
