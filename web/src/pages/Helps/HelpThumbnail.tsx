import { useState } from "react";
import { Box, Typography } from "@mui/material";
import PlayCircleOutlineIcon from "@mui/icons-material/PlayCircleOutline";
import { useTranslation } from "react-i18next";
import { thumbnailOf, type Help } from "./helpsApi";

type ImageState = "loading" | "loaded" | "failed";

/**
 * The video's picture with a play icon. Under it lies a local placeholder with the title, which is
 * what shows until the picture arrives, and for good when it cannot load (no internet access).
 */
export function HelpThumbnail({ help }: { help: Pick<Help, "id" | "title" | "video"> }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<ImageState>(help.video ? "loading" : "failed");
  return (
    <Box
      sx={{ position: "relative", aspectRatio: "16 / 9", overflow: "hidden", bgcolor: "primary.dark", backgroundImage: "linear-gradient(135deg, rgba(255,255,255,.12), rgba(0,0,0,.25))" }}
      data-testid={`help-thumbnail-${help.id}`}
      data-image={image}
    >
      {image !== "loaded" && (
        <Typography
          variant="subtitle2"
          aria-hidden
          data-testid={`help-placeholder-title-${help.id}`}
          sx={{ position: "absolute", insetInline: 12, bottom: 8, color: "common.white", textAlign: "center", display: "-webkit-box", WebkitLineClamp: 2, WebkitBoxOrient: "vertical", overflow: "hidden" }}
        >
          {help.title}
        </Typography>
      )}
      {image !== "failed" && (
        <Box
          component="img"
          src={thumbnailOf(help.video)}
          alt={t("helps.thumbnail", { title: help.title })}
          loading="lazy"
          onLoad={() => setImage("loaded")}
          onError={() => setImage("failed")}
          sx={{ position: "absolute", inset: 0, width: "100%", height: "100%", objectFit: "cover", opacity: image === "loaded" ? 1 : 0 }}
        />
      )}
      <PlayCircleOutlineIcon
        sx={{ position: "absolute", top: image === "loaded" ? "50%" : "38%", left: "50%", transform: "translate(-50%, -50%)", fontSize: 56, color: "common.white", filter: "drop-shadow(0 1px 3px rgba(0,0,0,.6))" }}
      />
    </Box>
  );
}
