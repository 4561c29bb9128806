import type { ReactNode } from "react";
import { Avatar, Box, Container, Paper, Stack, Typography } from "@mui/material";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import { useTranslation } from "react-i18next";
import { LanguageSelect } from "./LanguageSelect";

/** The frame of the public pages: brand, title, the form, and the language switcher. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column", bgcolor: "background.default" }}>
      <Box sx={{ display: "flex", justifyContent: "flex-end", p: 2 }}>
        <LanguageSelect />
      </Box>
      <Container maxWidth="xs" sx={{ flex: 1, display: "flex", alignItems: "center", pb: 6 }}>
        <Paper elevation={3} sx={{ p: { xs: 3, sm: 4 }, width: "100%" }}>
          <Stack alignItems="center" spacing={1} sx={{ mb: 3 }}>
            <Avatar sx={{ bgcolor: "primary.main", width: 56, height: 56 }}>
              <ForumOutlinedIcon />
            </Avatar>
            <Typography variant="overline" color="primary" fontWeight={700} letterSpacing={2}>
              {t("app.name")}
            </Typography>
            <Typography component="h1" variant="h5" fontWeight={700}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" textAlign="center">
                {subtitle}
              </Typography>
            )}
          </Stack>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
