/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Environment name shown to staff ('staging' shows the staging banner). Defaults to Vite's mode. */
  readonly VITE_APP_ENV?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
