import { useEffect, useState } from "react";
import { Box, Paper, Tab, Tabs, useMediaQuery, useTheme } from "@mui/material";
import ChatOutlined from "@mui/icons-material/ChatOutlined";
import ListAltOutlined from "@mui/icons-material/ListAltOutlined";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";
import { EmptyConversation } from "./EmptyConversation";
import { TicketsManager } from "./TicketsManager";
import { TicketView } from "./TicketView";

/** The page fills the screen under the top bar (56 px on phones, 64 px above). */
const pageHeight = { xs: "calc(100dvh - 56px)", sm: "calc(100dvh - 64px)" };

type MobileTab = "ticket" | "list";

/** /tickets and /tickets/:ticketId — the list beside the conversation; two tabs on narrow screens. */
export function TicketsPage() {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down("sm"));
  const { ticketId } = useParams();
  const [mobileTab, setMobileTab] = useState<MobileTab>(ticketId ? "ticket" : "list");

  useEffect(() => {
    setMobileTab(ticketId ? "ticket" : "list");
  }, [ticketId]);

  const conversation = ticketId ? <TicketView key={ticketId} ticketUuid={ticketId} /> : <EmptyConversation />;

  if (narrow) {
    return (
      <Box sx={{ height: pageHeight, display: "flex", flexDirection: "column" }} data-testid="tickets-page">
        <Paper square elevation={0} sx={{ borderBottom: 1, borderColor: "divider" }}>
          <Tabs value={mobileTab} onChange={(_, next: MobileTab) => setMobileTab(next)} variant="fullWidth">
            <Tab value="ticket" icon={<ChatOutlined fontSize="small" />} iconPosition="start" label={t("ticketManager.mobileTabs.ticket")} data-testid="tickets-mobile-tab-ticket" sx={{ minHeight: 48 }} />
            <Tab value="list" icon={<ListAltOutlined fontSize="small" />} iconPosition="start" label={t("ticketManager.mobileTabs.list")} data-testid="tickets-mobile-tab-list" sx={{ minHeight: 48 }} />
          </Tabs>
        </Paper>
        <Box sx={{ flex: 1, minHeight: 0, display: mobileTab === "list" ? "flex" : "none", flexDirection: "column" }}>
          <TicketsManager />
        </Box>
        <Box sx={{ flex: 1, minHeight: 0, display: mobileTab === "ticket" ? "flex" : "none", flexDirection: "column" }}>{conversation}</Box>
      </Box>
    );
  }

  return (
    <Box sx={{ height: pageHeight, display: "flex" }} data-testid="tickets-page">
      <Box sx={{ width: { sm: "48%", md: "38%", lg: "32%" }, minWidth: { sm: 320, md: 380 }, maxWidth: 520, flexShrink: 0, display: "flex", flexDirection: "column" }}>
        <TicketsManager />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: "flex", flexDirection: "column" }}>{conversation}</Box>
    </Box>
  );
}
