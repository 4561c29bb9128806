import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { CampaignDialog } from "./CampaignDialog";
import { CampaignRow } from "./CampaignRow";
import { useCampaigns } from "./useCampaigns";

const COLUMNS = 8;
const HEADS = ["name", "status", "contactList", "connection", "scheduledAt", "completedAt", "confirmation", "actions"] as const;

/** /campaigns: the company's campaigns, live, with stop, restart, report, edit and delete (administration §2 "Campaigns"). */
export function CampaignsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const list = useCampaigns(search);
  const { items, save, removeCampaign, stop, restart } = list;
  // the id outlives `open` so the closing dialog keeps its title while it fades out
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<{ id: number; name: string } | null>(null);

  return (
    <PageContainer
      title={t("campaigns.title")}
      actions={
        <ListPageActions
          search={<ListSearchField value={searchText} onChange={setSearchText} label={t("campaigns.search")} testId="campaigns-search" />}
          addLabel={t("campaigns.add")}
          addTestId="campaigns-add"
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <PagedTable
        testId="campaigns"
        columns={COLUMNS}
        head={
          <TableRow>
            {HEADS.map((head) => (
              <TableCell key={head} align="center">
                {t(`campaigns.columns.${head}`)}
              </TableCell>
            ))}
          </TableRow>
        }
        list={list}
        emptyText={t("campaigns.empty")}
        loadingMoreText={t("campaigns.loadingMore")}
      >
        {items.map((record) => (
          <CampaignRow
            key={record.id}
            record={record}
            onStop={() => stop.mutate(record.id)}
            onRestart={() => restart.mutate(record.id)}
            onReport={() => navigate(`/campaign/${record.id}/report`)}
            onEdit={() => setDialog({ open: true, id: record.id })}
            onDelete={() => setDeleting({ id: record.id, name: record.name })}
          />
        ))}
      </PagedTable>
      <CampaignDialog open={dialog.open} campaignId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={save} />
      <ConfirmDialog
        open={deleting !== null}
        title={t("campaigns.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("common.deleteConfirm")}
        confirmLabel={t("common.delete")}
        onConfirm={() => deleting && removeCampaign.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </PageContainer>
  );
}
