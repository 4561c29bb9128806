import { useState } from "react";
import { Button, Chip, TableCell, TableRow } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageContainer } from "../../components/PageContainer";
import { ListSearchField, PagedTable } from "../../components/PagedTable";
import { useDebouncedValue } from "../../hooks/useDebouncedValue";
import { usePagedList } from "../../hooks/usePagedList";
import { formatDate } from "../../i18n/format";
import { CheckoutDialog } from "../../components/checkout/CheckoutDialog";
import type { Invoice } from "@balcao/common";
import { fetchInvoicesPage, INVOICES_KEY, invoiceState } from "../../components/checkout/billingApi";
import { formatMoney } from "../../components/checkout/money";

const STATE_COLOR = { paid: "success", overdue: "error", open: "default" } as const;

/** /financeiro (Faturas): the company's invoices; PAGAR opens the checkout, PAGO once paid. */
export function FinanceiroPage() {
  const { t } = useTranslation();
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText.trim());
  const list = usePagedList<Invoice>({ baseKey: INVOICES_KEY, search, fetchPage: fetchInvoicesPage });
  const [paying, setPaying] = useState<Invoice | null>(null);

  return (
    <PageContainer title={t("billing.title")} actions={<ListSearchField value={searchText} onChange={setSearchText} label={t("billing.search")} testId="invoices-search" />}>
      <PagedTable
        testId="invoices-list"
        columns={6}
        head={
          <TableRow>
            <TableCell>{t("billing.columns.id")}</TableCell>
            <TableCell>{t("billing.columns.detail")}</TableCell>
            <TableCell>{t("billing.columns.value")}</TableCell>
            <TableCell>{t("billing.columns.dueDate")}</TableCell>
            <TableCell>{t("billing.columns.status")}</TableCell>
            <TableCell align="right">{t("billing.columns.action")}</TableCell>
          </TableRow>
        }
        list={list}
        emptyText={t("billing.empty")}
        loadingMoreText={t("billing.loadingMore")}
      >
        {list.items.map((invoice) => {
          const state = invoiceState(invoice);
          return (
            <TableRow
              key={invoice.id}
              data-testid={`invoice-${invoice.id}`}
              data-state={state}
              sx={state === "overdue" ? { bgcolor: (th) => (th.palette.mode === "dark" ? "rgba(244,67,54,0.16)" : "#fdecea") } : undefined}
            >
              <TableCell data-label={t("billing.columns.id")}>{invoice.id}</TableCell>
              <TableCell data-label={t("billing.columns.detail")}>{invoice.detail}</TableCell>
              <TableCell data-label={t("billing.columns.value")}>{formatMoney(invoice.value)}</TableCell>
              <TableCell data-label={t("billing.columns.dueDate")}>{formatDate(invoice.dueDate)}</TableCell>
              <TableCell data-label={t("billing.columns.status")}>
                <Chip size="small" color={STATE_COLOR[state]} label={t(`billing.states.${state}`)} />
              </TableCell>
              <TableCell align="right">
                {state === "paid" ? (
                  <Button size="small" variant="outlined" disabled>
                    {t("billing.paidButton")}
                  </Button>
                ) : (
                  <Button size="small" variant="contained" onClick={() => setPaying(invoice)} data-testid={`invoice-pay-${invoice.id}`}>
                    {t("billing.payButton")}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </PagedTable>
      <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
    </PageContainer>
  );
}
