import type { ReactNode, UIEvent } from "react";
import { Badge, Box, CircularProgress, IconButton, Popover, Stack, Tooltip, Typography, type BadgeProps, type SxProps, type Theme } from "@mui/material";
import { useTranslation } from "react-i18next";

interface TopBarPopoverButtonProps {
  /** The heading inside the popover. */
  title: string;
  /** The tooltip and accessible name of the button. */
  label: string;
  icon: ReactNode;
  badge: Omit<BadgeProps, "children" | "slotProps"> & { testId: string };
  /** Names the button; the popover's box is `${testId}-popover`. */
  testId: string;
  count?: number;
  anchor: HTMLElement | null;
  onAnchor(anchor: HTMLElement | null): void;
  onOpen?(): void;
  boxSx: SxProps<Theme>;
  onScroll?(event: UIEvent<HTMLDivElement>): void;
  children: ReactNode;
}

/** A top bar icon with a badge that opens a popover list under it, up to 300 px tall. */
export function TopBarPopoverButton({ title, label, icon, badge, testId, count, anchor, onAnchor, onOpen, boxSx, onScroll, children }: TopBarPopoverButtonProps) {
  const { testId: badgeTestId, ...badgeProps } = badge;
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          onClick={(event) => {
            onAnchor(event.currentTarget);
            onOpen?.();
          }}
          aria-label={label}
          data-testid={testId}
          data-count={count}
        >
          <Badge {...badgeProps} slotProps={{ badge: { "data-testid": badgeTestId } as object }}>
            {icon}
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={() => onAnchor(null)} anchorOrigin={{ vertical: "bottom", horizontal: "right" }} transformOrigin={{ vertical: "top", horizontal: "right" }}>
        <Box sx={[{ maxHeight: 300, overflowY: "auto" }, ...(Array.isArray(boxSx) ? boxSx : [boxSx])]} onScroll={onScroll} data-testid={`${testId}-popover`}>
          <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
            {title}
          </Typography>
          {children}
        </Box>
      </Popover>
    </>
  );
}

/** A spinner centred in the popover: the first page (large) or the next one (small, at the bottom). */
export function PopoverSpinner({ next = false }: { next?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack alignItems="center" sx={next ? { pb: 1.5 } : { p: 3 }}>
      <CircularProgress size={next ? 18 : 24} aria-label={t("common.loading")} />
    </Stack>
  );
}

/** The popover's message when there is nothing to list (or nothing yet). */
export function PopoverEmpty({ icon, text, testId }: { icon: ReactNode; text: string; testId?: string }) {
  return (
    <Stack alignItems="center" spacing={1} sx={{ p: 3, color: "text.secondary" }} data-testid={testId}>
      {icon}
      <Typography variant="body2" textAlign="center">
        {text}
      </Typography>
    </Stack>
  );
}
