import { useEffect, useState } from "react";
import { Box, Paper, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { sendSandboxReaction, type SandboxMessage } from "../../api/sandbox";
import { useSessionUser } from "../../app/authContext";
import { PageContainer } from "../../components/PageContainer";
import { ConnectionPanel } from "./ConnectionPanel";
import { CustomerPanel } from "./CustomerPanel";
import { PhoneChat } from "./PhoneChat";
import { PhoneComposer } from "./PhoneComposer";
import { PhoneHeader } from "./PhoneHeader";
import { isValidNumber, loadPrefs, savePrefs } from "./simulatorUtils";
import { useSandboxConnections } from "./useSandboxConnections";
import { useSandboxConversation } from "./useSandboxConversation";

const DEFAULT_NUMBER = "5511999990001";

/** A value that settles: the conversation follows the number once typing pauses. */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The customer simulator: an admin plays a customer's phone against a sandbox connection —
 * pairs it, writes as any number, and sees the attendants' replies and receipts live.
 */
export function SimulatorPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [prefs, setPrefs] = useState(() => loadPrefs({ whatsappId: null, number: DEFAULT_NUMBER, name: t("simulator.defaultName"), autoRead: true }));
  useEffect(() => savePrefs(prefs), [prefs]);
  const update = (change: Partial<typeof prefs>) => setPrefs((current) => ({ ...current, ...change }));

  const connections = useSandboxConnections(user.companyId);
  const selected = connections.connections.find((c) => c.id === prefs.whatsappId) ?? connections.connections[0] ?? null;

  const number = useSettled(prefs.number, 300);
  const numberOk = isValidNumber(number);
  const conversation = useSandboxConversation(selected?.id ?? null, numberOk ? number : "", prefs.name, prefs.autoRead);
  const [replyTo, setReplyTo] = useState<SandboxMessage | null>(null);
  useEffect(() => setReplyTo(null), [selected?.id, number]);

  const connected = selected?.status === "CONNECTED";
  const placeholder = !selected ? t("simulator.chooseConnection") : !numberOk ? t("simulator.enterNumber") : null;
  const disabledReason = !selected ? t("simulator.chooseConnection") : !numberOk ? t("simulator.enterNumber") : !connected ? t("simulator.notConnected") : null;

  return (
    <PageContainer title={t("simulator.title")} subtitle={t("simulator.subtitle")} maxWidth={1100}>
      <Box data-testid="simulator-page" sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", md: "minmax(0, 5fr) minmax(0, 6fr)" }, alignItems: "start" }}>
        <Stack spacing={2}>
          <ConnectionPanel actions={connections} selected={selected} onSelect={(id) => update({ whatsappId: id })} />
          <CustomerPanel number={prefs.number} name={prefs.name} autoRead={prefs.autoRead} unread={conversation.unread} onChange={update} onMarkRead={conversation.markAllRead} />
        </Stack>
        <Paper
          elevation={6}
          data-testid="simulator-phone"
          sx={{
            mx: "auto",
            width: "100%",
            maxWidth: 420,
            height: { xs: "70vh", md: "calc(100vh - 190px)" },
            minHeight: 480,
            maxHeight: 760,
            display: "flex",
            flexDirection: "column",
            overflow: "hidden",
            borderRadius: 4,
            border: 8,
            borderColor: "grey.900",
          }}
        >
          <PhoneHeader connection={selected} number={numberOk ? number : ""} />
          <PhoneChat
            messages={conversation.messages}
            previews={conversation.previews}
            loading={conversation.enabled && conversation.query.isPending}
            error={conversation.query.isError}
            placeholder={placeholder}
            onRetry={() => void conversation.query.refetch()}
            onReply={setReplyTo}
            onReact={selected ? (message, emoji) => void sendSandboxReaction(selected.id, message.id, emoji).catch(() => toast.error(t("simulator.reactionFailed"))) : undefined}
          />
          <PhoneComposer disabled={Boolean(disabledReason)} disabledReason={disabledReason} replyTo={replyTo} onCancelReply={() => setReplyTo(null)} onSend={conversation.sendMessage} />
        </Paper>
      </Box>
    </PageContainer>
  );
}
