import { Fragment } from "react";
import { Box, Divider, Drawer, List, ListSubheader, Toolbar, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { APP_VERSION, can } from "@balcao/common";
import { unreadChats } from "../../api/chatCache";
import { useCompanyPlan, useServerVersion } from "../../api/hooks";
import { hasCampaignsFlag } from "../../api/session";
import { useSessionUser } from "../../app/authContext";
import { useChatList } from "../../hooks/useChatList";
import { DRAWER_MINI_WIDTH, DRAWER_WIDTH } from "../../app/theme";
import { MenuLink } from "./MenuLink";
import { visibleMenu } from "./menuItems";
import { useConnectionWarning } from "./useConnectionWarning";

interface SideMenuProps {
  mobile: boolean;
  open: boolean;
  onClose(): void;
}

function VersionFooter({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  const server = useServerVersion();
  if (collapsed) return null;
  return (
    <Box sx={{ p: 2, color: "text.secondary" }}>
      <Typography variant="caption" display="block" data-testid="app-version">
        {t("layout.version", { version: APP_VERSION })}
      </Typography>
      {server.data && (
        <Typography variant="caption" display="block" data-testid="server-version">
          {t("layout.serverVersion", { version: server.data })}
        </Typography>
      )}
    </Box>
  );
}

/** The drawer: 240 px, temporary on phones, permanent (collapsing to icons) from 600 px up. */
export function SideMenu({ mobile, open, onClose }: SideMenuProps) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isAdmin = can(user.profile, "drawer-admin-items:view");
  const { data: company } = useCompanyPlan(user.companyId);
  const connectionWarning = useConnectionWarning(user.companyId, isAdmin);
  const chatsOn = Boolean(company?.plan?.useInternalChat);
  const chats = useChatList("", chatsOn);
  const hasUnreadChats = chatsOn && unreadChats(chats.chats, user.id).length > 0;
  const sections = visibleMenu({ profile: user.profile, isSuper: user.super, plan: company?.plan ?? {}, campaignsFlag: hasCampaignsFlag() });
  const collapsed = !mobile && !open;
  const width = collapsed ? DRAWER_MINI_WIDTH : DRAWER_WIDTH;

  const content = (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Toolbar />
      <Box component="nav" sx={{ flex: 1, overflowY: "auto", overflowX: "hidden", py: 1 }} data-testid="side-menu">
        {sections.map((section, index) => (
          <Fragment key={section.id}>
            {index > 0 && <Divider sx={{ my: 1 }} />}
            <List
              dense
              disablePadding
              subheader={
                section.titleKey && !collapsed ? (
                  <ListSubheader disableSticky sx={{ lineHeight: "32px", bgcolor: "transparent" }}>
                    {t(`menu.${section.titleKey}`)}
                  </ListSubheader>
                ) : undefined
              }
            >
              {section.items.map((item) => (
                <MenuLink
                  key={item.path}
                  item={item}
                  collapsed={collapsed}
                  badge={item.badge === "connections" && connectionWarning ? "warning" : item.badge === "chats" && hasUnreadChats ? "dot" : undefined}
                  onNavigate={mobile ? onClose : undefined}
                />
              ))}
            </List>
          </Fragment>
        ))}
      </Box>
      <Divider />
      <VersionFooter collapsed={collapsed} />
    </Box>
  );

  if (mobile) {
    return (
      <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: true }} sx={{ "& .MuiDrawer-paper": { width: DRAWER_WIDTH } }}>
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      open={open}
      sx={(theme) => ({
        width,
        flexShrink: 0,
        whiteSpace: "nowrap",
        transition: theme.transitions.create("width", { duration: theme.transitions.duration.shorter }),
        "& .MuiDrawer-paper": {
          width,
          overflowX: "hidden",
          boxSizing: "border-box",
          transition: theme.transitions.create("width", { duration: theme.transitions.duration.shorter }),
        },
      })}
    >
      {content}
    </Drawer>
  );
}
