import { Box, Chip, CircularProgress, Paper, Rating, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PHONE_TITLE, phoneCardRows } from "../../components/phoneTable";
import type { DashboardAttendant } from "./dashboardApi";
import { useDuration } from "./Duration";

const COLUMNS = 4;

/** 'Nome', 'Avaliações' (1–3 stars), 'T.M. de Atendimento' and 'Status (Atual)', online or offline. */
export function AttendantsTable({ attendants, loading }: { attendants: DashboardAttendant[] | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const duration = useDuration();

  let body;
  if (loading && !attendants) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS} align="center">
          <CircularProgress size={28} aria-label={t("common.loading")} />
        </TableCell>
      </TableRow>
    );
  } else if (!attendants?.length) {
    body = (
      <TableRow>
        <TableCell colSpan={COLUMNS} align="center">
          <Typography color="text.secondary">{t("dashboard.attendants.empty")}</Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = attendants.map((a) => (
      <TableRow key={a.id} data-testid={`dashboard-attendant-${a.id}`}>
        <TableCell className={PHONE_TITLE} data-testid={`dashboard-attendant-name-${a.id}`}>
          {a.name}
        </TableCell>
        <TableCell align="center">
          <Box
            sx={{ display: "inline-flex", alignItems: "center", gap: 1 }}
            title={t("dashboard.attendants.ratingDetail", { rating: a.rating.toLocaleString(undefined, { maximumFractionDigits: 2 }), count: a.countRating })}
          >
            <Rating value={a.rating} max={3} precision={0.1} readOnly size="small" />
            <Typography variant="body2" color="text.secondary">
              {a.countRating ? a.rating.toLocaleString(undefined, { maximumFractionDigits: 2 }) : "–"}
            </Typography>
          </Box>
        </TableCell>
        <TableCell align="center" data-testid={`dashboard-attendant-time-${a.id}`}>
          {duration(a.avgSupportTime)}
        </TableCell>
        <TableCell align="center">
          <Chip
            size="small"
            color={a.online ? "success" : "default"}
            label={a.online ? t("dashboard.attendants.online") : t("dashboard.attendants.offline")}
            data-testid={`dashboard-attendant-status-${a.id}`}
            data-online={a.online ? "true" : "false"}
          />
        </TableCell>
      </TableRow>
    ));
  }

  return (
    <TableContainer component={Paper} variant="outlined" sx={{ mb: 2 }} data-testid="dashboard-attendants">
      <Typography variant="subtitle1" fontWeight={700} sx={{ px: 2, pt: 1.5 }}>
        {t("dashboard.attendants.title")}
      </Typography>
      <Table size="small" sx={phoneCardRows}>
        <TableHead>
          <TableRow>
            <TableCell>{t("dashboard.attendants.name")}</TableCell>
            <TableCell align="center">{t("dashboard.attendants.rating")}</TableCell>
            <TableCell align="center">{t("dashboard.attendants.avgSupportTime")}</TableCell>
            <TableCell align="center">{t("dashboard.attendants.status")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{body}</TableBody>
      </Table>
    </TableContainer>
  );
}
