import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Autocomplete, TextField } from "@mui/material";
import { queryKeys } from "../api/queryKeys";
import { searchContacts, type ContactOption } from "../api/tickets";
import { useDebouncedValue } from "../hooks/useDebouncedValue";

interface PickableContact {
  id: number;
  name: string;
  number?: string;
}

/** The picker's texts, already translated by the screen that uses it. */
export interface ContactPickerTexts {
  label: string;
  /** What to type; also the helper text under the field. */
  hint: string;
  searching: string;
  noContacts: string;
}

interface ContactPickerProps<T extends PickableContact> {
  value: T | null;
  /** The chosen contact: the preset value or one of the server's search results. */
  onChange(contact: T | ContactOption | null): void;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** How many characters start a search; 1 unless told. */
  minSearch?: number;
  texts: ContactPickerTexts;
  /** The input's test id; each option's is `{testId}-option-{id}`. */
  testId: string;
}

const contactLabel = (c: PickableContact) => (c.number ? `${c.name} - ${c.number}` : c.name);

/** A contact searched by name or number on the server as the user types, after the usual pause. */
export function ContactPicker<T extends PickableContact>({ value, onChange, error, disabled, autoFocus, minSearch = 1, texts, testId }: ContactPickerProps<T>) {
  const [input, setInput] = useState("");
  const typed = input.trim();
  const term = useDebouncedValue(typed);
  // while the input shows the chosen contact, there is nothing to search
  const showsChosen = (text: string) => Boolean(value && text === contactLabel(value));
  const searching = term.length >= minSearch && !showsChosen(term);
  const contacts = useQuery({ queryKey: queryKeys.contactSearch(term), queryFn: () => searchContacts(term), enabled: searching && !disabled, staleTime: 10_000 });
  const options: (T | ContactOption)[] = searching ? (contacts.data ?? []) : [];
  const waiting = typed.length >= minSearch && !showsChosen(typed) && (typed !== term || contacts.isFetching);

  return (
    <Autocomplete
      value={value}
      onChange={(_, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_, next) => setInput(next)}
      options={value && !options.some((o) => o.id === value.id) ? [value, ...options] : options}
      filterOptions={(list) => list}
      getOptionLabel={contactLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={waiting}
      loadingText={texts.searching}
      noOptionsText={typed.length < minSearch ? texts.hint : texts.noContacts}
      disabled={disabled}
      renderOption={({ key, ...props }, contact) => (
        <li key={key} {...props} data-testid={`${testId}-option-${contact.id}`}>
          {contactLabel(contact)}
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} autoFocus={autoFocus} label={texts.label} error={Boolean(error)} helperText={error ?? (disabled ? undefined : texts.hint)} inputProps={{ ...params.inputProps, "data-testid": testId }} />
      )}
    />
  );
}
