import { useEffect, useState } from "react";
import { fetchBlob } from "../api";

export interface MediaBlob { url: string | null; error: boolean; loading: boolean }

/** Fetches a private media file with the bearer token and shows it through an object URL, revoked on unmount. */
export function useMediaBlob(source: string | null, enabled = true): MediaBlob {
  const [state, setState] = useState<MediaBlob>({ url: null, error: false, loading: Boolean(source && enabled) });
  useEffect(() => {
    if (!source || !enabled) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    setState({ url: null, error: false, loading: true });
    fetchBlob(source)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url: objectUrl, error: false, loading: false });
      })
      .catch(() => {
        if (!cancelled) setState({ url: null, error: true, loading: false });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [source, enabled]);
  return state;
}
