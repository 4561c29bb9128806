import { useQuery } from "@tanstack/react-query";
import { Autocomplete, Box, Chip, InputAdornment, Stack, TextField } from "@mui/material";
import SearchIcon from "@mui/icons-material/Search";
import { useTranslation } from "react-i18next";
import { queryKeys } from "../../api/queryKeys";
import { fetchTagList, fetchUserNames, type TagOption, type UserOption } from "../../api/tickets";

interface SearchFiltersProps {
  text: string;
  onText(text: string): void;
  tags: TagOption[];
  onTags(tags: TagOption[]): void;
  users: UserOption[];
  onUsers(users: UserOption[]): void;
  /** The user filter is for admins only. */
  showUsers: boolean;
}

/** The search tab: text (messages included), tags and, for admins, users. */
export function SearchFilters({ text, onText, tags, onTags, users, onUsers, showUsers }: SearchFiltersProps) {
  const { t } = useTranslation();
  const tagList = useQuery({ queryKey: queryKeys.tagList, queryFn: fetchTagList, meta: { silent: true } });
  const userList = useQuery({ queryKey: queryKeys.userNames, queryFn: fetchUserNames, enabled: showUsers, meta: { silent: true } });

  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      <TextField
        size="small"
        fullWidth
        autoFocus
        type="search"
        placeholder={t("ticketManager.searchPlaceholder")}
        value={text}
        onChange={(event) => onText(event.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
          htmlInput: { "data-testid": "tickets-search-input", "aria-label": t("ticketManager.searchPlaceholder") },
        }}
      />
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1}>
        <Autocomplete
          multiple
          size="small"
          fullWidth
          options={tagList.data ?? []}
          loading={tagList.isPending}
          value={tags}
          onChange={(_, next) => onTags(next)}
          getOptionLabel={(tag) => tag.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={({ key, ...props }, tag) => (
            <Box component="li" key={key} {...props}>
              <Box sx={{ width: 10, height: 10, borderRadius: "50%", bgcolor: tag.color, mr: 1 }} />
              {tag.name}
            </Box>
          )}
          renderValue={(value, getItemProps) =>
            value.map((tag, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return <Chip key={key} size="small" label={tag.name} {...itemProps} sx={{ bgcolor: tag.color, color: "common.white" }} />;
            })
          }
          renderInput={(params) => <TextField {...params} placeholder={tags.length ? undefined : t("ticketManager.tagFilter")} />}
          data-testid="tickets-tag-filter"
        />
        {showUsers && (
          <Autocomplete
            multiple
            size="small"
            fullWidth
            options={userList.data ?? []}
            loading={userList.isPending}
            value={users}
            onChange={(_, next) => onUsers(next)}
            getOptionLabel={(user) => user.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderInput={(params) => <TextField {...params} placeholder={users.length ? undefined : t("ticketManager.userFilter")} />}
            data-testid="tickets-user-filter"
          />
        )}
      </Stack>
    </Stack>
  );
}
