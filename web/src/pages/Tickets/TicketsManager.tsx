import { useMemo, useState, type ReactNode } from "react";
import { Box, Button, FormControlLabel, Paper, Stack, Switch, Tab, Tabs } from "@mui/material";
import MoveToInboxOutlined from "@mui/icons-material/MoveToInboxOutlined";
import CheckBoxOutlined from "@mui/icons-material/CheckBoxOutlined";
import SearchIcon from "@mui/icons-material/Search";
import AddIcon from "@mui/icons-material/Add";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { can } from "@balcao/common";
import type { TagOption, TicketFilters, UserOption } from "../../api/tickets";
import { fetchQueues } from "../../api/resources";
import { queryKeys } from "../../api/queryKeys";
import { useSessionUser } from "../../app/authContext";
import { NewTicketModal } from "../../components/NewTicketModal";
import { QueueFilterSelect } from "./QueueFilterSelect";
import { SearchFilters } from "./SearchFilters";
import { TicketsList } from "./TicketsList";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { useTicketList } from "../../hooks/useTicketList";
import { useShowInAttending } from "./attendingFocus";

type TopTab = "open" | "closed" | "search";
type SubTab = "open" | "pending";

function CountPill({ count, color, testId }: { count: number | undefined; color: string; testId: string }) {
  return (
    <Box component="span" data-testid={testId} sx={{ ml: 1, px: 0.75, minWidth: 20, borderRadius: 10, bgcolor: color, color: "common.white", fontSize: 12, lineHeight: "20px", textAlign: "center" }}>
      {count ?? "…"}
    </Box>
  );
}

const tabLabel = (text: string, pill: ReactNode) => (
  <Stack direction="row" alignItems="center">
    {text}
    {pill}
  </Stack>
);

/** The left column of /tickets: tabs, controls and the lists. */
export function TicketsManager() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = can(user.profile, "tickets-manager:showall");
  const [tab, setTab] = useState<TopTab>("open");
  const [subTab, setSubTab] = useState<SubTab>("open");
  useShowInAttending(() => {
    setTab("open");
    setSubTab("open");
  });
  const [showAll, setShowAll] = useState(isAdmin);
  // those who see every queue (admins, supervisors) may choose any queue of the company in the filter
  const companyQueues = useQuery({ queryKey: queryKeys.queues, queryFn: fetchQueues, enabled: isAdmin });
  const filterQueues = isAdmin ? (companyQueues.data ?? user.queues) : user.queues;
  const [queueIds, setQueueIds] = useState<number[]>(() => user.queues.map((q) => q.id));
  const [searchText, setSearchText] = useState("");
  const [tags, setTags] = useState<TagOption[]>([]);
  const [users, setUsers] = useState<UserOption[]>([]);
  const [creating, setCreating] = useState(false);
  const searchParam = useDebouncedValue(searchText.trim().toLowerCase());
  // When an admin changes this user's queues, the filter goes back to all of them.
  const userQueueKey = user.queues.map((q) => q.id).join(",");
  const [seenQueueKey, setSeenQueueKey] = useState(userQueueKey);
  if (seenQueueKey !== userQueueKey) {
    setSeenQueueKey(userQueueKey);
    setQueueIds(user.queues.map((q) => q.id));
  }

  const base = useMemo(() => ({ showAll: isAdmin && showAll, queueIds }), [isAdmin, showAll, queueIds]);
  const openFilters: TicketFilters = { ...base, status: "open" };
  const pendingFilters: TicketFilters = { ...base, status: "pending" };
  const closedFilters: TicketFilters = { ...base, status: "closed" };
  const searchFilters: TicketFilters = {
    ...base,
    searchParam,
    tags: tags.map((tag) => tag.id),
    users: users.map((u) => u.id),
  };
  // Both open lists stay loaded for their counts, whichever sub-tab is showing.
  const openCount = useTicketList(openFilters).count;
  const pendingCount = useTicketList(pendingFilters).count;

  const onSearchText = (text: string) => {
    setSearchText(text);
    if (text === "") setTab("open");
  };

  return (
    <Paper square elevation={0} sx={{ height: "100%", display: "flex", flexDirection: "column", borderRight: 1, borderColor: "divider", minWidth: 0 }} data-testid="tickets-manager">
      <Tabs value={tab} onChange={(_, next: TopTab) => setTab(next)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: "divider", minHeight: 56, "& .MuiTab-root": { minWidth: 0, px: 1 } }}>
        <Tab value="open" icon={<MoveToInboxOutlined fontSize="small" />} iconPosition="start" label={t("ticketManager.tabs.open")} data-testid="tickets-tab-open" sx={{ minHeight: 56 }} />
        <Tab value="closed" icon={<CheckBoxOutlined fontSize="small" />} iconPosition="start" label={t("ticketManager.tabs.closed")} data-testid="tickets-tab-closed" sx={{ minHeight: 56 }} />
        <Tab value="search" icon={<SearchIcon fontSize="small" />} iconPosition="start" label={t("ticketManager.tabs.search")} data-testid="tickets-tab-search" sx={{ minHeight: 56 }} />
      </Tabs>
      {tab === "search" ? (
        <SearchFilters text={searchText} onText={onSearchText} tags={tags} onTags={setTags} users={users} onUsers={setUsers} showUsers={isAdmin} />
      ) : (
        <Stack direction="row" alignItems="center" spacing={1} useFlexGap flexWrap="wrap" sx={{ p: 1, borderBottom: 1, borderColor: "divider" }}>
          <Button variant="contained" size="small" startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="tickets-new">
            {t("ticketManager.newButton")}
          </Button>
          {isAdmin && (
            <FormControlLabel
              sx={{ mr: 0 }}
              label={t("ticketManager.showAll")}
              control={<Switch size="small" checked={showAll} onChange={(_, checked) => setShowAll(checked)} slotProps={{ input: { "data-testid": "tickets-showall" } as React.InputHTMLAttributes<HTMLInputElement> }} />}
            />
          )}
          <Box sx={{ flex: 1 }} />
          <QueueFilterSelect queues={filterQueues} value={queueIds} onChange={setQueueIds} />
        </Stack>
      )}
      {tab === "open" && (
        <>
          <Tabs value={subTab} onChange={(_, next: SubTab) => setSubTab(next)} variant="fullWidth" sx={{ borderBottom: 1, borderColor: "divider", minHeight: 40 }}>
            <Tab
              value="open"
              label={tabLabel(t("ticketManager.subTabs.open"), <CountPill count={openCount} color="primary.main" testId="tickets-count-open" />)}
              data-testid="tickets-subtab-open"
              sx={{ minHeight: 40, py: 0.5 }}
            />
            <Tab
              value="pending"
              label={tabLabel(t("ticketManager.subTabs.pending"), <CountPill count={pendingCount} color="warning.main" testId="tickets-count-pending" />)}
              data-testid="tickets-subtab-pending"
              sx={{ minHeight: 40, py: 0.5 }}
            />
          </Tabs>
          <TicketsList key={subTab} filters={subTab === "open" ? openFilters : pendingFilters} testId={`tickets-list-${subTab}`} />
        </>
      )}
      {tab === "closed" && <TicketsList filters={closedFilters} testId="tickets-list-closed" />}
      {tab === "search" && <TicketsList filters={searchFilters} testId="tickets-list-search" />}
      {creating && <NewTicketModal onClose={() => setCreating(false)} />}
    </Paper>
  );
}
