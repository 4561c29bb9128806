import type { ReactNode } from "react";
import { Box, Grid, Paper, Skeleton, Typography } from "@mui/material";
import CallIcon from "@mui/icons-material/Call";
import HourglassEmptyIcon from "@mui/icons-material/HourglassEmpty";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import GroupAddIcon from "@mui/icons-material/GroupAdd";
import AccessAlarmIcon from "@mui/icons-material/AccessAlarm";
import TimerIcon from "@mui/icons-material/Timer";
import { useTranslation } from "react-i18next";
import type { DashboardCounters } from "./dashboardApi";
import { useDuration } from "./Duration";

type CounterKey = keyof DashboardCounters;

const CARDS: { key: CounterKey; icon: ReactNode; time?: boolean }[] = [
  { key: "supportHappening", icon: <CallIcon /> },
  { key: "supportPending", icon: <HourglassEmptyIcon /> },
  { key: "supportFinished", icon: <CheckCircleIcon /> },
  { key: "leads", icon: <GroupAddIcon /> },
  { key: "avgSupportTime", icon: <AccessAlarmIcon />, time: true },
  { key: "avgWaitTime", icon: <TimerIcon />, time: true },
];

/** The six cards; times read "1h 05m". Skeletons while figures load, a dash when none could be loaded. */
export function CounterCards({ counters, loading }: { counters: DashboardCounters | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const duration = useDuration();
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      {CARDS.map(({ key, icon, time }) => (
        <Grid key={key} size={{ xs: 12, sm: 6, md: 4, lg: 2 }}>
          <Paper variant="outlined" sx={{ p: 2, height: "100%" }} data-testid={`dashboard-card-${key}`}>
            <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "flex-start", gap: 1 }}>
              <Typography variant="body2" color="text.secondary" fontWeight={600}>
                {t(`dashboard.cards.${key}`)}
              </Typography>
              <Box sx={{ color: "primary.main", display: "flex" }} aria-hidden>
                {icon}
              </Box>
            </Box>
            {loading ? (
              <Skeleton width="60%" height={40} aria-label={t("common.loading")} />
            ) : (
              <Typography variant="h5" fontWeight={700} data-testid={`dashboard-card-${key}-value`} title={time ? t("dashboard.cards.timeHint") : undefined}>
                {!counters ? "–" : time ? duration(counters[key]) : counters[key]}
              </Typography>
            )}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
