import { useState, type ReactNode } from "react";
import { Badge, Box, IconButton, Popover, Stack, Tooltip, Typography } from "@mui/material";

interface EmptyPopoverButtonProps {
  icon: ReactNode;
  title: string;
  emptyText: string;
  testId: string;
  count?: number;
}

/** A top-bar button with a popover list (max 300 px high); empty until its area is built. */
export function EmptyPopoverButton({ icon, title, emptyText, testId, count = 0 }: EmptyPopoverButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={title}>
        <IconButton color="inherit" onClick={(event) => setAnchor(event.currentTarget)} aria-label={title} data-testid={testId}>
          <Badge badgeContent={count} color="error" max={99}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
      >
        <Box sx={{ width: 320, maxHeight: 300, overflowY: "auto" }} data-testid={`${testId}-popover`}>
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
            {title}
          </Typography>
          <Stack alignItems="center" spacing={1} sx={{ p: 3, color: "text.secondary" }}>
            {icon}
            <Typography variant="body2" textAlign="center">
              {emptyText}
            </Typography>
          </Stack>
        </Box>
      </Popover>
    </>
  );
}
