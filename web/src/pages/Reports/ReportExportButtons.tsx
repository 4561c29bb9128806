import { useEffect, useState } from "react";
import { Box, Button, LinearProgress, Stack, Typography } from "@mui/material";
import FileDownloadOutlined from "@mui/icons-material/FileDownloadOutlined";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { downloadReport } from "./reportsApi";

interface Props {
  /** The report's path (GET …?format=csv|xlsx) and its query. */
  path: string;
  params: object;
  disabled?: boolean;
}

type Progress = { format: "csv" | "xlsx"; percent: number | null; done: boolean } | null;

/** 'Export CSV' and 'Export XLSX', with a bar showing the download (determinate once the size is known). */
export function ReportExportButtons({ path, params, disabled }: Props) {
  const { t } = useTranslation();
  const [progress, setProgress] = useState<Progress>(null);
  const busy = progress !== null && !progress.done;

  useEffect(() => {
    if (!progress?.done) return;
    const timer = window.setTimeout(() => setProgress(null), 1_500);
    return () => window.clearTimeout(timer);
  }, [progress]);

  const start = async (format: "csv" | "xlsx") => {
    setProgress({ format, percent: null, done: false });
    try {
      await downloadReport(path, params, format, (percent) => setProgress((p) => (p && !p.done ? { ...p, percent } : p)));
      setProgress({ format, percent: 100, done: true });
    } catch {
      setProgress(null);
      toast.error(t("reports.exportError"), { toastId: "reports-export-error" });
    }
  };

  return (
    <Box sx={{ minWidth: { sm: 260 } }}>
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        {(["csv", "xlsx"] as const).map((format) => (
          <Button key={format} variant="outlined" size="small" startIcon={<FileDownloadOutlined />} disabled={disabled || busy} onClick={() => void start(format)} data-testid={`reports-export-${format}`}>
            {t(format === "csv" ? "reports.exportCsv" : "reports.exportXlsx")}
          </Button>
        ))}
      </Stack>
      {progress && (
        <Box sx={{ mt: 1 }} data-testid="reports-export-progress" data-done={progress.done ? "true" : "false"}>
          <LinearProgress variant={progress.percent === null ? "indeterminate" : "determinate"} value={progress.percent ?? 0} />
          <Typography variant="caption" color="text.secondary">
            {t("reports.exporting")} {progress.percent === null ? "" : `${progress.percent}%`}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
