import { useState } from "react";
import { Autocomplete, Box, Chip, TextField, createFilterOptions } from "@mui/material";
import LocalOfferOutlinedIcon from "@mui/icons-material/LocalOfferOutlined";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { tagNameField } from "@balcao/common";
import { queryKeys } from "../../../api/queryKeys";
import { fetchTagList, type TagOption } from "../../../api/tickets";
import { translateValidation } from "../../../i18n/validation";
import { createTag, syncTags, ticketViewKeys } from "./api";
import type { TicketView } from "./types";

class TagNameError extends Error {}

/** An option that creates a tag from the typed text. */
interface NewTag extends TagOption {
  create: true;
}
type Option = TagOption | NewTag;

const filter = createFilterOptions<Option>();
const isNew = (option: Option | string): option is NewTag | string => typeof option === "string" || "create" in option;

/** The ticket's tags: pick from the company's list or type a new name; every change is saved at once. */
export function TagEditor({ ticket }: { ticket: TicketView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [input, setInput] = useState("");
  const tags = useQuery({ queryKey: queryKeys.tagList, queryFn: fetchTagList, staleTime: 60_000 });
  const ticketKey = ticketViewKeys.ticket(ticket.uuid);

  const save = useMutation({
    mutationFn: async (values: (Option | string)[]) => {
      const chosen: TagOption[] = [];
      for (const value of values) {
        if (!isNew(value)) {
          chosen.push(value);
          continue;
        }
        const name = (typeof value === "string" ? value : value.name).trim();
        const existing = tags.data?.find((tag) => tag.name.toLowerCase() === name.toLowerCase());
        if (existing) {
          chosen.push(existing);
          continue;
        }
        const valid = tagNameField.safeParse(name);
        if (!valid.success) throw new TagNameError(translateValidation(valid.error.issues[0]?.message) ?? name);
        const created = await createTag(valid.data);
        void queryClient.invalidateQueries({ queryKey: queryKeys.tagList });
        chosen.push({ id: created.id, name: created.name, color: created.color });
      }
      const unique = chosen.filter((tag, index) => chosen.findIndex((other) => other.id === tag.id) === index);
      queryClient.setQueryData<TicketView>(ticketKey, (current) => (current ? { ...current, tags: unique } : current));
      await syncTags(ticket.id, unique);
      return unique;
    },
    onError: (error) => {
      if (error instanceof TagNameError) toast.error(error.message);
      void queryClient.invalidateQueries({ queryKey: ticketKey });
    },
  });

  return (
    <Box data-testid="tag-editor" sx={{ display: "flex", alignItems: "center", gap: 1, px: 1.5, py: 0.75, borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <LocalOfferOutlinedIcon fontSize="small" color="action" />
      <Autocomplete<Option, true, false, true>
        multiple
        freeSolo
        fullWidth
        size="small"
        options={tags.data ?? []}
        loading={tags.isPending}
        value={ticket.tags}
        inputValue={input}
        onInputChange={(_, value) => setInput(value)}
        disabled={save.isPending}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        getOptionLabel={(option) => (typeof option === "string" ? option : isNew(option) ? t("ticketView.tags.create", { name: option.name }) : option.name)}
        filterOptions={(options, state) => {
          const filtered = filter(options, state);
          const typed = state.inputValue.trim();
          if (typed && !options.some((o) => o.name.toLowerCase() === typed.toLowerCase())) filtered.push({ id: -1, name: typed, color: "", create: true });
          return filtered;
        }}
        noOptionsText={t("ticketView.tags.empty")}
        onChange={(_, values) => {
          setInput("");
          save.mutate(values);
        }}
        renderValue={(values, getItemProps) =>
          values.map((option, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            const tag = typeof option === "string" ? { name: option, color: undefined } : option;
            return <Chip key={key} {...itemProps} size="small" label={tag.name} sx={{ bgcolor: tag.color || undefined, color: tag.color ? "#fff" : undefined }} data-testid="tag-chip" />;
          })
        }
        renderInput={(params) => (
          <TextField {...params} variant="standard" placeholder={ticket.tags.length ? undefined : t("ticketView.tags.placeholder")} inputProps={{ ...params.inputProps, "data-testid": "tag-input" }} />
        )}
      />
    </Box>
  );
}
