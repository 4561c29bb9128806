import { Box, Button, Card, CardActions, CardContent, CardMedia, Typography } from "@mui/material";
import PlaceIcon from "@mui/icons-material/Place";
import PermContactCalendarIcon from "@mui/icons-material/PermContactCalendar";
import PhoneMissedIcon from "@mui/icons-material/PhoneMissed";
import { formatTime } from "../../../../i18n/format";
import { useTranslation } from "react-i18next";
import { parseLocation, parseVcard } from "./specialBodies";

/** A location: map image, optional description, and a button opening the map link in a new tab. */
export function LocationCard({ body }: { body: string }) {
  const { t } = useTranslation();
  const location = parseLocation(body);
  return (
    <Card variant="outlined" sx={{ width: 250, maxWidth: "100%" }} data-testid="location-card">
      {location.imageUrl ? (
        <CardMedia component="img" image={location.imageUrl} alt={t("ticketView.media.location")} sx={{ height: 140, objectFit: "cover" }} />
      ) : (
        <Box sx={{ height: 80, display: "flex", alignItems: "center", justifyContent: "center", bgcolor: "action.hover" }}>
          <PlaceIcon color="error" fontSize="large" />
        </Box>
      )}
      <CardContent sx={{ py: 1 }}>
        <Typography variant="body2">{location.description || t("ticketView.media.location")}</Typography>
      </CardContent>
      <CardActions sx={{ pt: 0 }}>
        {location.link ? (
          <Button size="small" fullWidth component="a" href={location.link} target="_blank" rel="noopener noreferrer" data-testid="location-view">
            {t("ticketView.media.view")}
          </Button>
        ) : (
          <Button size="small" fullWidth disabled data-testid="location-view">
            {t("ticketView.media.view")}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

/** A shared contact card: name and numbers. */
export function VcardCard({ body }: { body: string }) {
  const { t } = useTranslation();
  const card = parseVcard(body);
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, p: 1, borderRadius: 1, bgcolor: "action.hover", minWidth: 200 }} data-testid="vcard-card">
      <PermContactCalendarIcon color="primary" fontSize="large" />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {card.name || t("ticketView.media.vcard")}
        </Typography>
        {(card.numbers.length ? card.numbers : [t("ticketView.media.noNumber")]).map((n) => (
          <Typography key={n} variant="caption" color="text.secondary" component="div">
            {n}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** A call the contact made that nobody answered. */
export function MissedCall({ createdAt }: { createdAt: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 1 }} data-testid="missed-call">
      <PhoneMissedIcon color="error" fontSize="small" />
      <Typography variant="body2">{t("ticketView.messages.missedCall", { time: formatTime(createdAt) })}</Typography>
    </Box>
  );
}
