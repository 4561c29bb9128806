import { Box, Chip, Divider, Typography } from "@mui/material";

/** The day of the messages below it. */
export function DaySeparator({ label }: { label: string }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "center", my: 1 }} data-testid="day-separator">
      <Chip size="small" label={label} sx={{ bgcolor: "background.paper", boxShadow: 1, fontWeight: 600 }} />
    </Box>
  );
}

/** Where one ticket's conversation ends or the next one starts. */
export function TicketMarker({ text, kind }: { text: string; kind: "ended" | "started" }) {
  return (
    <Divider sx={{ my: 1, px: 2, "&::before, &::after": { borderColor: kind === "ended" ? "error.light" : "success.light" } }} data-testid={`ticket-${kind}-marker`}>
      <Typography variant="caption" sx={{ color: kind === "ended" ? "error.main" : "success.main", fontWeight: 600 }}>
        {text}
      </Typography>
    </Divider>
  );
}
