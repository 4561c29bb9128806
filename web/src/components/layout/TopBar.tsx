import { AppBar, Box, IconButton, Stack, Toolbar, Tooltip } from "@mui/material";
import MenuIcon from "@mui/icons-material/Menu";
import DarkModeOutlined from "@mui/icons-material/DarkModeOutlined";
import LightModeOutlined from "@mui/icons-material/LightModeOutlined";
import RefreshIcon from "@mui/icons-material/Refresh";
import { useTranslation } from "react-i18next";
import { useThemeMode } from "../../app/themeMode";
import { LanguageSelect } from "../LanguageSelect";
import { AccountMenu } from "./AccountMenu";
import { AnnouncementsButton } from "./announcements/AnnouncementsButton";
import { ChatsButton } from "./chats/ChatsButton";
import { Greeting } from "./Greeting";
import { NotificationsButton } from "./notifications/NotificationsButton";
import { VolumeControl } from "./VolumeControl";

/** The top bar: drawer toggle, greeting and the user's controls. */
export function TopBar({ onToggleDrawer }: { onToggleDrawer(): void }) {
  const { t } = useTranslation();
  const { mode, toggle } = useThemeMode();
  const themeLabel = mode === "dark" ? t("layout.lightMode") : t("layout.darkMode");
  return (
    <AppBar position="fixed" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1 }}>
        <Tooltip title={t("layout.toggleDrawer")}>
          <IconButton color="inherit" edge="start" onClick={onToggleDrawer} aria-label={t("layout.toggleDrawer")} data-testid="drawer-toggle">
            <MenuIcon />
          </IconButton>
        </Tooltip>
        <Greeting />
        <Stack direction="row" alignItems="center" spacing={0.5}>
          <Box sx={{ display: { xs: "none", md: "block" } }}>
            <LanguageSelect onDark />
          </Box>
          <Tooltip title={themeLabel}>
            <IconButton color="inherit" onClick={toggle} aria-label={themeLabel} data-testid="theme-toggle">
              {mode === "dark" ? <LightModeOutlined /> : <DarkModeOutlined />}
            </IconButton>
          </Tooltip>
          {/* Under 600 px the account menu carries the volume and the reload instead. */}
          <Box sx={{ display: { xs: "none", sm: "flex" } }}>
            <VolumeControl />
            <Tooltip title={t("layout.refresh")}>
              <IconButton color="inherit" onClick={() => window.location.reload()} aria-label={t("layout.refresh")} data-testid="refresh-button">
                <RefreshIcon />
              </IconButton>
            </Tooltip>
          </Box>
          <NotificationsButton />
          <AnnouncementsButton />
          <Box sx={{ display: { xs: "none", sm: "flex" } }}>
            <ChatsButton />
          </Box>
          <AccountMenu />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
