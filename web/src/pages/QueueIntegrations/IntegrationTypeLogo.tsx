import { Avatar } from "@mui/material";
import AccountTreeOutlined from "@mui/icons-material/AccountTreeOutlined";
import ForumOutlined from "@mui/icons-material/ForumOutlined";
import SmartToyOutlined from "@mui/icons-material/SmartToyOutlined";
import Webhook from "@mui/icons-material/Webhook";
import type { QueueIntegrationType } from "@balcao/common";

const LOGOS: Record<QueueIntegrationType, { icon: typeof Webhook; color: string }> = {
  dialogflow: { icon: SmartToyOutlined, color: "#FF9800" },
  n8n: { icon: AccountTreeOutlined, color: "#EA4B71" },
  webhook: { icon: Webhook, color: "#455A64" },
  typebot: { icon: ForumOutlined, color: "#0042DA" },
};

/** The type's mark in the table and the type select: a coloured badge with its icon. */
export function IntegrationTypeLogo({ type, label }: { type: QueueIntegrationType; label: string }) {
  const logo = LOGOS[type] ?? LOGOS.webhook;
  const Icon = logo.icon;
  return (
    <Avatar sx={{ bgcolor: logo.color, width: 32, height: 32, mx: "auto" }} aria-label={label} title={label} data-testid={`integration-logo-${type}`}>
      <Icon fontSize="small" />
    </Avatar>
  );
}
