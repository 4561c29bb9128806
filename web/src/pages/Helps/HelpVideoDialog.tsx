import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Typography } from "@mui/material";
import CloseIcon from "@mui/icons-material/Close";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import { useTranslation } from "react-i18next";
import { embedOf, type Help } from "./helpsApi";

/** The video in a modal player; Escape, the close button or a click outside closes it. */
export function HelpVideoDialog({ help, onClose }: { help: Help | null; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={help !== null} onClose={onClose} maxWidth="md" fullWidth data-testid="help-video-dialog">
      {help && (
        <>
          <DialogTitle sx={{ pr: 6 }}>
            {help.title}
            <IconButton aria-label={t("common.close")} onClick={onClose} sx={{ position: "absolute", right: 8, top: 8 }} data-testid="help-video-close">
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            {help.video ? (
              <Box sx={{ position: "relative", pt: "56.25%", bgcolor: "common.black", borderRadius: 1, overflow: "hidden" }}>
                <Box
                  component="iframe"
                  src={embedOf(help.video)}
                  title={t("helps.player", { title: help.title })}
                  allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  data-testid="help-video-player"
                  sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", border: 0 }}
                />
              </Box>
            ) : (
              <Typography color="text.secondary">{t("helps.noVideo")}</Typography>
            )}
            {help.description && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2, whiteSpace: "pre-line" }}>
                {help.description}
              </Typography>
            )}
          </DialogContent>
          {help.link && (
            <DialogActions>
              <Button href={help.link} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon />}>
                {t("helps.openLink")}
              </Button>
            </DialogActions>
          )}
        </>
      )}
    </Dialog>
  );
}
