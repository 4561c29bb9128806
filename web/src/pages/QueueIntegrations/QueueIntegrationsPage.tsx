import { useState } from "react";
import { TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { DeleteConfirmDialog } from "../../components/ConfirmDialog";
import { ListPageActions } from "../../components/ListPageActions";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { QueueIntegrationDialog } from "./QueueIntegrationDialog";
import { QueueIntegrationRow } from "./QueueIntegrationRow";
import { useQueueIntegrations } from "./useQueueIntegrations";

/** /queue-integration: Typebot, n8n, webhook and Dialogflow integrations queues and connections hand customers to. */
export function QueueIntegrationsPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const list = useQueueIntegrations(search);
  const { items, save, removeIntegration } = list;
  const [dialog, setDialog] = useState<{ open: boolean; id: number | null }>({ open: false, id: null });
  const [deleting, setDeleting] = useState<number | null>(null);

  return (
    <PageContainer
      title={t("queueIntegrations.title")}
      actions={
        <ListPageActions
          search={<ListSearchField value={searchText} onChange={setSearchText} label={t("queueIntegrations.search")} testId="integrations-search" />}
          addLabel={t("queueIntegrations.add")}
          addTestId="integrations-add"
          onAdd={() => setDialog({ open: true, id: null })}
        />
      }
    >
      <PagedTable
        testId="integrations-list"
        columns={4}
        head={
          <TableRow>
            <TableCell align="center" padding="checkbox">
              {t("queueIntegrations.columns.type")}
            </TableCell>
            <TableCell align="center">{t("queueIntegrations.columns.id")}</TableCell>
            <TableCell align="center">{t("queueIntegrations.columns.name")}</TableCell>
            <TableCell align="center">{t("queueIntegrations.columns.actions")}</TableCell>
          </TableRow>
        }
        list={list}
        emptyText={t("queueIntegrations.empty")}
        loadingMoreText={t("queueIntegrations.loadingMore")}
      >
        {items.map((integration) => (
          <QueueIntegrationRow key={integration.id} integration={integration} onEdit={() => setDialog({ open: true, id: integration.id })} onDelete={() => setDeleting(integration.id)} />
        ))}
      </PagedTable>
      <QueueIntegrationDialog open={dialog.open} integrationId={dialog.id} onClose={() => setDialog((d) => ({ ...d, open: false }))} onSaved={save} />
      <DeleteConfirmDialog open={deleting !== null} onConfirm={() => deleting !== null && removeIntegration.mutate(deleting)} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
