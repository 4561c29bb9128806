import { FormControlLabel, Stack, Switch } from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toastError } from "../../api/errors";
import { setCompanyTwoFactorPolicy, setPlatformTwoFactorPolicy, twoFactorPolicy, type TwoFactorPolicy as Policy } from "../../api/twoFactor";
import { useSessionUser } from "../../app/authContext";

const KEY = ["twoFactor", "policy"];

/** Whether every user of the company (and, for a super user, of the platform) must use a second factor. */
export function TwoFactorPolicy() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const policy = useQuery({ queryKey: KEY, queryFn: twoFactorPolicy });
  const save = (change: (required: boolean) => Promise<Policy>, required: boolean) => change(required).then((saved) => queryClient.setQueryData(KEY, saved), toastError);
  return (
    <Stack>
      <FormControlLabel
        control={<Switch checked={policy.data?.companyRequired ?? false} disabled={!policy.data} onChange={(e) => void save(setCompanyTwoFactorPolicy, e.target.checked)} data-testid="settings-2fa-company" />}
        label={t("twoFactor.companyRequired")}
      />
      {user.super && (
        <FormControlLabel
          control={<Switch checked={policy.data?.platformRequired ?? false} disabled={!policy.data} onChange={(e) => void save(setPlatformTwoFactorPolicy, e.target.checked)} data-testid="settings-2fa-platform" />}
          label={t("twoFactor.platformRequired")}
        />
      )}
    </Stack>
  );
}
