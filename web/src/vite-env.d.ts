/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Another host for the API and the socket; same origin when unset. */
  readonly VITE_API_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}
