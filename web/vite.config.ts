import { defineConfig, type ProxyOptions } from "vite";
import react from "@vitejs/plugin-react";

/**
 * The API lives at the root of the server's origin, on the same paths as the SPA's routes
 * (/tickets, /users, /settings…). In development the proxy forwards API calls to the server
 * and lets browser navigations (which accept HTML) fall through to Vite's index.html.
 */
const target = process.env.BALCAO_API_URL ?? "http://localhost:8080";

const API_PREFIXES = [
  "auth", "companies", "plans", "settings", "users", "version", "healthz", "openapi.json",
  "whatsapp", "whatsappsession", "queue", "queue-options", "queueIntegration", "prompt",
  "tickets", "ticket", "ticket-tags", "ticket-notes", "messages", "contacts", "tags",
  "quick-messages", "schedules", "chats", "announcements", "dashboard", "files",
  "contact-lists", "contact-list-items", "campaigns", "campaign-settings", "invoices",
  "subscription", "helps", "forgetpassword", "resetpasswords", "public", "media",
  "sandbox",
];

const api: ProxyOptions = {
  target,
  changeOrigin: true,
  bypass(req) {
    const accept = req.headers.accept ?? "";
    if (req.method === "GET" && accept.includes("text/html") && !accept.includes("application/json")) return "/index.html";
    return undefined;
  },
};

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        manualChunks(id) {
          if (!id.includes("node_modules")) return undefined;
          // Loaded on demand (emoji picker, mp3 encoder): they keep chunks of their own.
          if (/node_modules\/(emoji-mart|@emoji-mart|@breezystack)\//.test(id)) return undefined;
          // @popperjs stays in vendor: other libraries there use it too (react-overlays), and chunks must not import each other in a circle
          if (/node_modules\/(@mui|@emotion|react-transition-group)\//.test(id)) return "mui";
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id)) return "react";
          return "vendor";
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      [`^/(${API_PREFIXES.join("|").replace(/\./g, "\\.")})(/|\\?|$)`]: api,
      "/socket.io": { target, ws: true, changeOrigin: true },
    },
  },
});
