import { useState, type ReactNode } from "react";
import { Box, Toolbar, useMediaQuery, useTheme } from "@mui/material";
import { SideMenu } from "./SideMenu";
import { TopBar } from "./TopBar";

const WIDE_SCREEN_PX = 1200;

/** The signed-in shell: top bar, side menu, and the page. */
export function AppLayout({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down("sm"));
  const [desktopOpen, setDesktopOpen] = useState(() => window.innerWidth > WIDE_SCREEN_PX);
  const [mobileOpen, setMobileOpen] = useState(false);

  const toggle = () => (mobile ? setMobileOpen((v) => !v) : setDesktopOpen((v) => !v));

  return (
    <Box sx={{ display: "flex", minHeight: "100vh", bgcolor: "background.default" }}>
      <TopBar onToggleDrawer={toggle} />
      <SideMenu mobile={mobile} open={mobile ? mobileOpen : desktopOpen} onClose={() => setMobileOpen(false)} />
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>
        <Toolbar />
        <Box sx={{ flex: 1, minHeight: 0 }}>{children}</Box>
      </Box>
    </Box>
  );
}
