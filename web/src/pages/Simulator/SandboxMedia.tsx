import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Box, Button, CircularProgress, Link, Stack, Typography } from "@mui/material";
import InsertDriveFileOutlinedIcon from "@mui/icons-material/InsertDriveFileOutlined";
import PlaceOutlinedIcon from "@mui/icons-material/PlaceOutlined";
import { useTranslation } from "react-i18next";
import { fetchSandboxMedia, type SandboxMessage } from "../../api/sandbox";
import { queryKeys } from "../../api/queryKeys";
import { mediaKind, parseLocation } from "./simulatorUtils";

/** An object URL for a blob, released when the blob changes or the bubble goes away. */
function useObjectUrl(blob: Blob | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => {
      URL.revokeObjectURL(next);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

function MediaView({ kind, url, name }: { kind: "image" | "audio" | "video" | "document"; url: string; name: string }) {
  const { t } = useTranslation();
  if (kind === "image") {
    return (
      <Link href={url} target="_blank" rel="noopener">
        <Box component="img" src={url} alt={name} sx={{ display: "block", maxWidth: "100%", maxHeight: 240, borderRadius: 1 }} />
      </Link>
    );
  }
  if (kind === "audio") return <Box component="audio" controls src={url} sx={{ width: 220, maxWidth: "100%" }} />;
  if (kind === "video") return <Box component="video" controls src={url} sx={{ display: "block", maxWidth: "100%", maxHeight: 240, borderRadius: 1 }} />;
  return (
    <Button size="small" variant="outlined" startIcon={<InsertDriveFileOutlinedIcon />} href={url} download={name} sx={{ textTransform: "none", maxWidth: "100%" }}>
      <Typography variant="body2" noWrap>
        {name || t("simulator.download")}
      </Typography>
    </Button>
  );
}

function FileChip({ name }: { name: string }) {
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ p: 1, borderRadius: 1, bgcolor: "action.hover", maxWidth: "100%" }}>
      <InsertDriveFileOutlinedIcon fontSize="small" color="action" />
      <Typography variant="body2" noWrap>
        {name}
      </Typography>
    </Stack>
  );
}

/** The attendant's file: fetched with the bearer token, then shown from memory. */
function RemoteMedia({ url, kind, name }: { url: string; kind: "image" | "audio" | "video" | "document"; name: string }) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: queryKeys.sandboxMedia(url), queryFn: () => fetchSandboxMedia(url), staleTime: Infinity, retry: 1, meta: { silent: true } });
  const objectUrl = useObjectUrl(query.data);
  if (query.isPending) return <CircularProgress size={20} aria-label={t("common.loading")} />;
  if (query.isError || !objectUrl) {
    return (
      <Typography variant="caption" color="error">
        {t("simulator.mediaFailed")}
      </Typography>
    );
  }
  return <MediaView kind={kind} url={objectUrl} name={name} />;
}

export function LocationView({ body }: { body: string }) {
  const { t } = useTranslation();
  const location = parseLocation(body);
  if (!location) return <Typography variant="body2">{body}</Typography>;
  return (
    <Stack direction="row" spacing={1} alignItems="flex-start" sx={{ p: 1, borderRadius: 1, bgcolor: "action.hover" }}>
      <PlaceOutlinedIcon color="error" />
      <Box sx={{ minWidth: 0 }}>
        {location.description && <Typography variant="body2">{location.description}</Typography>}
        <Link href={location.link} target="_blank" rel="noopener noreferrer" variant="caption">
          {t("simulator.openMap")}
        </Link>
      </Box>
    </Stack>
  );
}

/** The media part of a bubble: attendant files from the server, the phone's own from a local copy. */
export function SandboxMedia({ message, localUrl }: { message: SandboxMessage; localUrl?: string }) {
  const kind = mediaKind(message);
  if (!kind) return null;
  if (kind === "location") return <LocationView body={message.body} />;
  const name = message.mediaName ?? "";
  if (message.mediaUrl) return <RemoteMedia url={message.mediaUrl} kind={kind} name={name} />;
  if (localUrl) return <MediaView kind={kind} url={localUrl} name={name} />;
  return <FileChip name={name || kind} />;
}
