import { lazy, Suspense, useState } from "react";
import { Avatar, Badge, Box, Divider, IconButton, ListItemIcon, Menu, MenuItem, Tooltip, Typography } from "@mui/material";
import PersonOutline from "@mui/icons-material/PersonOutline";
import Logout from "@mui/icons-material/Logout";
import RefreshIcon from "@mui/icons-material/Refresh";
import SecurityIcon from "@mui/icons-material/Security";
import PauseCircleOutline from "@mui/icons-material/PauseCircleOutline";
import PlayCircleOutline from "@mui/icons-material/PlayCircleOutline";
import { toast } from "react-toastify";
import { setMyAvailability } from "../../api/resources";
import { toastError } from "../../api/errors";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { useAuth, useSessionUser } from "../../app/authContext";
import { DialogLoader } from "../DialogLoader";
import { VolumeSlider } from "./VolumeControl";

// The profile form (and its form libraries) loads when it is first opened, not with the shell.
const UserModal = lazy(() => import("../UserModal/UserModal").then((m) => ({ default: m.UserModal })));
const TwoFactorDialog = lazy(() => import("../twoFactor/TwoFactorDialog").then((m) => ({ default: m.TwoFactorDialog })));

/** On phones the top bar has no room for these: they live here (display on xs only). */
const phoneOnly = { display: { xs: "flex", sm: "none" } } as const;

/** Profile (the user modal on myself) and logout; on phones also the volume and the page reload. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { logout, updateUser } = useAuth();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [profileOpen, setProfileOpen] = useState(false);
  const [twoFactorOpen, setTwoFactorOpen] = useState(false);

  // pausing stops automatic assignment to me; tickets already mine stay mine
  const toggleAvailability = async () => {
    setAnchor(null);
    try {
      const saved = await setMyAvailability(!user.paused);
      updateUser({ paused: saved.paused });
      toast.success(t(saved.paused ? "assignment.pausedToast" : "assignment.resumedToast"));
    } catch (err) {
      toastError(err);
    }
  };

  const doLogout = async () => {
    setAnchor(null);
    await logout();
    navigate("/login", { replace: true });
  };

  return (
    <>
      <Tooltip title={t("layout.account")}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={t("layout.account")} data-testid="account-menu">
          <Badge overlap="circular" variant="dot" color={user.paused ? "warning" : "success"} invisible={false} data-testid="availability-badge" data-paused={String(!!user.paused)}>
            <Avatar sx={{ width: 32, height: 32, bgcolor: "secondary.main", fontSize: 15 }}>{user.name.charAt(0).toUpperCase()}</Avatar>
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} transformOrigin={{ vertical: "top", horizontal: "right" }}>
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1 }} noWrap>
          {user.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ px: 2, pb: 1, display: "block" }} noWrap>
          {user.email}
        </Typography>
        <Typography variant="caption" sx={{ px: 2, pb: 1, display: "block" }} color={user.paused ? "warning.main" : "success.main"} data-testid="availability-state">
          {user.paused ? t("assignment.paused") : t("assignment.available")}
        </Typography>
        <MenuItem data-testid="menu-availability" onClick={() => void toggleAvailability()}>
          <ListItemIcon>{user.paused ? <PlayCircleOutline fontSize="small" /> : <PauseCircleOutline fontSize="small" />}</ListItemIcon>
          {user.paused ? t("assignment.resume") : t("assignment.pause")}
        </MenuItem>
        <Divider />
        <Box sx={phoneOnly} aria-label={t("layout.volume")} data-testid="menu-volume">
          <VolumeSlider testId="menu-volume-slider" />
        </Box>
        <MenuItem sx={phoneOnly} data-testid="menu-refresh" onClick={() => window.location.reload()}>
          <ListItemIcon>
            <RefreshIcon fontSize="small" />
          </ListItemIcon>
          {t("layout.refresh")}
        </MenuItem>
        <Divider sx={{ display: { xs: "block", sm: "none" } }} />
        <MenuItem
          data-testid="menu-profile"
          onClick={() => {
            setAnchor(null);
            setProfileOpen(true);
          }}
        >
          <ListItemIcon>
            <PersonOutline fontSize="small" />
          </ListItemIcon>
          {t("layout.profile")}
        </MenuItem>
        <MenuItem
          data-testid="menu-two-factor"
          onClick={() => {
            setAnchor(null);
            setTwoFactorOpen(true);
          }}
        >
          <ListItemIcon>
            <SecurityIcon fontSize="small" />
          </ListItemIcon>
          {t("twoFactor.title")}
        </MenuItem>
        <MenuItem data-testid="menu-logout" onClick={() => void doLogout()}>
          <ListItemIcon>
            <Logout fontSize="small" />
          </ListItemIcon>
          {t("layout.logout")}
        </MenuItem>
      </Menu>
      {profileOpen && (
        <Suspense fallback={<DialogLoader />}>
          <UserModal open userId={user.id} onClose={() => setProfileOpen(false)} />
        </Suspense>
      )}
      {twoFactorOpen && (
        <Suspense fallback={<DialogLoader />}>
          <TwoFactorDialog open onClose={() => setTwoFactorOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
