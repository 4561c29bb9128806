import { useState } from "react";
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Step, StepLabel, Stepper, TextField, Typography, useMediaQuery, useTheme } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Invoice, PixCharge } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { errorMessage } from "../../api/errors";
import { formatDate } from "../../i18n/format";
import { formatMoney } from "./money";
import { checkoutDataOf, companyBillingKey, fetchCompanyBilling, payInvoice, type CheckoutData } from "./billingApi";
import { PixPayment } from "./PixPayment";
import { usePaymentConfirmed } from "./usePaymentConfirmed";

const STEPS = ["data", "customize", "review"] as const;
/** Step 1's required fields, with the spec's messages (administration §5). */
const REQUIRED = ["firstName", "address2", "city", "zipcode", "country"] as const;

interface Props {
  invoice: Invoice | null;
  onClose(): void;
}

/**
 * The checkout of one invoice: Dados, Personalizar, Revisar, then the Pix screen until the payment
 * is confirmed. Dados starts from the company's stored billing name and address, which a charge
 * made replaces with what was entered.
 */
export function CheckoutDialog({ invoice, onClose }: Props) {
  const user = useSessionUser();
  const phone = useMediaQuery(useTheme().breakpoints.down("sm"));
  const billing = useQuery({
    queryKey: companyBillingKey(user.companyId),
    queryFn: () => fetchCompanyBilling(user.companyId),
    enabled: !!invoice,
    meta: { silent: true },
  });
  return (
    <Dialog open={!!invoice} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} data-testid="checkout-dialog">
      {invoice &&
        (billing.isPending ? (
          <DialogContent sx={{ display: "flex", justifyContent: "center", py: 6 }}>
            <CircularProgress data-testid="checkout-loading" />
          </DialogContent>
        ) : (
          <CheckoutSteps key={invoice.id} invoice={invoice} initial={checkoutDataOf(billing.data ?? null, { name: user.name, email: user.company.email })} onClose={onClose} />
        ))}
    </Dialog>
  );
}

function CheckoutSteps({ invoice, initial, onClose }: { invoice: Invoice; initial: CheckoutData; onClose(): void }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [data, setData] = useState<CheckoutData>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof CheckoutData, string>>>({});
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const pay = useMutation({
    mutationFn: () => payInvoice(invoice.id, data),
    onSuccess: (made) => {
      setCharge(made);
      // the company now keeps what was entered
      void queryClient.invalidateQueries({ queryKey: companyBillingKey(user.companyId) });
    },
  });
  usePaymentConfirmed(invoice.id, () => setConfirmed(true));

  const field = (name: keyof CheckoutData, props: { required?: boolean; autoComplete?: string } = {}) => (
    <TextField
      fullWidth
      size="small"
      label={t(`billing.fields.${name}`)}
      value={data[name] ?? ""}
      required={props.required}
      autoComplete={props.autoComplete}
      error={!!errors[name]}
      helperText={errors[name]}
      onChange={(e) => {
        setData({ ...data, [name]: e.target.value });
        setErrors({ ...errors, [name]: undefined });
      }}
      slotProps={{ htmlInput: { "data-testid": `checkout-${name}` } }}
    />
  );

  const next = () => {
    if (step === 0) {
      const missing = Object.fromEntries(REQUIRED.filter((k) => !data[k]?.trim()).map((k) => [k, t(`billing.required.${k}`)]));
      setErrors(missing);
      if (Object.keys(missing).length) return;
    }
    if (step < STEPS.length - 1) setStep(step + 1);
    else pay.mutate();
  };

  return (
    <>
      <DialogTitle>{charge ? t("billing.pix.title") : t("billing.checkout.title")}</DialogTitle>
      <DialogContent dividers>
        {charge ? (
          <PixPayment charge={charge} confirmed={confirmed} />
        ) : (
          <>
            <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
              {STEPS.map((s) => (
                <Step key={s}>
                  <StepLabel>{t(`billing.steps.${s}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            {step === 0 && (
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, sm: 6 }}>{field("firstName", { required: true, autoComplete: "given-name" })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field("lastName", { autoComplete: "family-name" })}</Grid>
                <Grid size={{ xs: 12, sm: 8 }}>{field("address2", { required: true, autoComplete: "address-line1" })}</Grid>
                <Grid size={{ xs: 12, sm: 4 }}>{field("complement", { autoComplete: "address-line2" })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field("city", { required: true, autoComplete: "address-level2" })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field("state", { autoComplete: "address-level1" })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field("zipcode", { required: true, autoComplete: "postal-code" })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field("country", { required: true, autoComplete: "country-name" })}</Grid>
              </Grid>
            )}
            {step === 1 && (
              <Grid container spacing={2}>
                <Grid size={12}>
                  <Typography variant="body2" color="text.secondary">
                    {t("billing.checkout.customizeHint")}
                  </Typography>
                </Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field("email", { autoComplete: "email" })}</Grid>
                <Grid size={{ xs: 12, sm: 6 }}>{field("taxId")}</Grid>
              </Grid>
            )}
            {step === 2 && (
              <Box data-testid="checkout-review">
                <Typography variant="subtitle2">{t("billing.checkout.plan")}</Typography>
                <Typography sx={{ mb: 1.5 }}>{invoice.detail}</Typography>
                <Typography variant="subtitle2">{t("billing.checkout.payer")}</Typography>
                <Typography>{[data.firstName, data.lastName].filter(Boolean).join(" ")}</Typography>
                <Typography color="text.secondary" sx={{ mb: 1.5 }}>
                  {[data.address2, data.complement, data.city, data.state, data.zipcode, data.country].filter(Boolean).join(", ")}
                </Typography>
                <Typography variant="subtitle2">{t("billing.columns.dueDate")}</Typography>
                <Typography sx={{ mb: 1.5 }}>{formatDate(invoice.dueDate)}</Typography>
                <Typography variant="h6" data-testid="checkout-total">
                  {t("billing.pix.total")}: {formatMoney(invoice.value)}
                </Typography>
              </Box>
            )}
            {pay.isError && (
              <Alert severity="error" sx={{ mt: 2 }} data-testid="checkout-error">
                {errorMessage(pay.error) ?? t("common.loadFailed")}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {charge ? (
          <Button onClick={onClose}>{t("common.close")}</Button>
        ) : (
          <>
            <Button onClick={step === 0 ? onClose : () => setStep(step - 1)} disabled={pay.isPending}>
              {step === 0 ? t("common.cancel") : t("billing.checkout.back")}
            </Button>
            <Button variant="contained" onClick={next} disabled={pay.isPending} data-testid="checkout-next">
              {step < STEPS.length - 1 ? t("billing.checkout.next") : t("billing.checkout.pay")}
            </Button>
          </>
        )}
      </DialogActions>
    </>
  );
}
