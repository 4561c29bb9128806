import { BrowserRouter } from "react-router-dom";
import { QueryClientProvider } from "@tanstack/react-query";
import { ToastContainer } from "react-toastify";
import { TOAST_AUTO_CLOSE_MS } from "@balcao/common";
import { queryClient } from "../api/queryClient";
import { AuthProvider } from "./AuthProvider";
import { AppRoutes } from "./AppRoutes";
import { ThemeModeProvider } from "./ThemeModeProvider";
import { useThemeMode } from "./themeMode";

function Toasts() {
  const { mode } = useThemeMode();
  return <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme={mode === "dark" ? "dark" : "colored"} newestOnTop />;
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <BrowserRouter>
          <AuthProvider>
            <AppRoutes />
          </AuthProvider>
        </BrowserRouter>
        <Toasts />
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
