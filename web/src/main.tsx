import "./app/zodConfig";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "./i18n";
import "./api/client";
import { App } from "./app/App";
import { preloadPageFor } from "./app/pages";

preloadPageFor(window.location.pathname);

// A user who chose English or Spanish waits for those texts rather than seeing Portuguese first.
void i18nReady.then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
