import type { ReactNode } from "react";
import { Box, Stack, Typography } from "@mui/material";

interface PageContainerProps {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  maxWidth?: number | string;
}

/** The frame of every screen: title, optional subtitle and actions (a line of their own on phones), then the content. */
export function PageContainer({ title, subtitle, actions, children, maxWidth = 1200 }: PageContainerProps) {
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, maxWidth, mx: "auto", width: "100%" }}>
      <Stack direction="row" flexWrap="wrap" alignItems="center" justifyContent="space-between" columnGap={2} rowGap={1.5} sx={{ mb: 2 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" fontWeight={700} data-testid="page-title">
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ flex: { xs: "1 1 100%", sm: "0 1 auto" }, minWidth: 0, display: "flex", justifyContent: "flex-end" }}>{actions}</Box>}
      </Stack>
      {children}
    </Box>
  );
}
