import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { can } from "@balcao/common";
import { useSessionUser } from "../../app/authContext";
import { formatDate } from "../../i18n/format";

/** 'Olá {user}, Bem vindo a {company}!' and, for admins with a due date, '(Ativo até DD/MM/YYYY)'. */
export function Greeting() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const dueDate = user.company.dueDate;
  const showDue = can(user.profile, "drawer-admin-items:view") && Boolean(dueDate);
  return (
    <Typography variant="subtitle1" noWrap data-testid="greeting" sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
      {t("layout.greeting", { user: user.name, company: user.company.name })}
      {showDue && dueDate && (
        <Typography component="span" variant="subtitle2" sx={{ ml: 1, opacity: 0.85 }} data-testid="greeting-due-date">
          {t("layout.activeUntil", { date: formatDate(dueDate) })}
        </Typography>
      )}
    </Typography>
  );
}
