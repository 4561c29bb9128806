import { useEffect, useState } from "react";
import { api } from "../api/client";

export interface MediaBlob {
  url: string | null;
  error: boolean;
  loading: boolean;
}

/** Media are never public: fetched with the bearer token and shown through an object URL, revoked on unmount. */
export function useMediaBlob(source: string | null, enabled = true): MediaBlob {
  const [state, setState] = useState<MediaBlob>({ url: null, error: false, loading: Boolean(source && enabled) });
  useEffect(() => {
    if (!source || !enabled) return;
    let cancelled = false;
    let objectUrl: string | null = null;
    setState({ url: null, error: false, loading: true });
    api
      .get<Blob>(source, { responseType: "blob" })
      .then(({ data }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(data);
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
