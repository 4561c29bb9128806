import { Badge, ListItemButton, ListItemIcon, ListItemText, Tooltip } from "@mui/material";
import { NavLink, useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { menuTestId, type MenuItemDef } from "./menuItems";

interface MenuLinkProps {
  item: MenuItemDef;
  collapsed: boolean;
  /** Dot badge (unread chats) or warning badge (connections). */
  badge?: "dot" | "warning";
  onNavigate?(): void;
}

const isActive = (path: string, current: string) => (path === "/" ? current === "/" : current === path || current.startsWith(`${path}/`));

export function MenuLink({ item, collapsed, badge, onNavigate }: MenuLinkProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const label = t(`menu.${item.labelKey}`);
  const Icon = item.icon;
  const icon = <Icon />;
  const withBadge =
    badge === "warning" ? (
      <Badge badgeContent="!" color="error" title={t("layout.connectionWarning")} data-testid="connections-warning">
        {icon}
      </Badge>
    ) : badge === "dot" ? (
      <Badge variant="dot" color="secondary" data-testid="chats-unread">
        {icon}
      </Badge>
    ) : (
      icon
    );

  const button = (
    <ListItemButton
      component={NavLink}
      to={item.path}
      end={item.path === "/"}
      selected={isActive(item.path, location.pathname)}
      onClick={onNavigate}
      data-testid={menuTestId(item.path)}
      aria-label={collapsed ? label : undefined}
      sx={{ minHeight: 44, px: collapsed ? 0 : 2, borderRadius: 1, mx: 1, justifyContent: collapsed ? "center" : "initial" }}
    >
      <ListItemIcon sx={{ minWidth: 0, mr: collapsed ? 0 : 2, justifyContent: "center", color: "inherit" }}>{withBadge}</ListItemIcon>
      {!collapsed && <ListItemText primary={label} slotProps={{ primary: { noWrap: true, fontSize: 14 } }} />}
    </ListItemButton>
  );

  return collapsed ? (
    <Tooltip title={label} placement="right">
      {button}
    </Tooltip>
  ) : (
    button
  );
}
