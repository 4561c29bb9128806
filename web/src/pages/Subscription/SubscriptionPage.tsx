import { useState } from "react";
import { Alert, Button, Card, CardContent, CircularProgress, Stack, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../../app/authContext";
import { PageContainer } from "../../components/PageContainer";
import { formatDate } from "../../i18n/format";
import { CheckoutDialog } from "../../components/checkout/CheckoutDialog";
import { daysUntil, type Invoice } from "@balcao/common";
import { fetchOpenInvoice, todayLocal } from "../../components/checkout/billingApi";
import { formatMoney } from "../../components/checkout/money";

/** /subscription: days left until the company's due date (its trial's end), the billing email, and subscribe now. */
export function SubscriptionPage() {
  const { t } = useTranslation();
  const { company } = useSessionUser();
  const open = useQuery({ queryKey: ["invoices", "open"], queryFn: fetchOpenInvoice });
  const [paying, setPaying] = useState<Invoice | null>(null);
  const days = company.dueDate ? daysUntil(company.dueDate, todayLocal()) : null;

  return (
    <PageContainer title={t("billing.subscription.title")} maxWidth={720}>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            {days !== null && (
              <Typography variant="h4" data-testid="trial-days">
                {days >= 0 ? t("billing.subscription.daysLeft", { count: days }) : t("billing.subscription.expired")}
              </Typography>
            )}
            {company.dueDate && <Typography color="text.secondary">{t("billing.subscription.until", { date: formatDate(company.dueDate) })}</Typography>}
            <Typography>
              <strong>{t("billing.subscription.billingEmail")}:</strong> <span data-testid="billing-email">{company.email ?? "—"}</span>
            </Typography>
            {open.isPending ? (
              <CircularProgress size={24} aria-label={t("common.loading")} />
            ) : open.isError ? (
              <Alert severity="error">{t("common.loadFailed")}</Alert>
            ) : open.data ? (
              <Stack direction={{ xs: "column", sm: "row" }} spacing={2} alignItems={{ sm: "center" }}>
                <Typography sx={{ flex: 1 }}>{t("billing.subscription.openInvoice", { value: formatMoney(open.data.value), date: formatDate(open.data.dueDate) })}</Typography>
                <Button variant="contained" size="large" onClick={() => setPaying(open.data)} data-testid="subscribe-now">
                  {t("billing.subscription.subscribe")}
                </Button>
              </Stack>
            ) : (
              <Alert severity="success" data-testid="nothing-due">
                {t("billing.subscription.nothingDue")}
              </Alert>
            )}
          </Stack>
        </CardContent>
      </Card>
      <CheckoutDialog invoice={paying} onClose={() => setPaying(null)} />
    </PageContainer>
  );
}
