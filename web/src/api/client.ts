import axios, { type InternalAxiosRequestConfig } from "axios";
import { api } from "./http";
import { refreshSession } from "./auth";
import { errorCode, markHandled, toastError } from "./errors";
import { expireSession, getToken } from "./session";

interface RetriableConfig extends InternalAxiosRequestConfig {
  _retried?: boolean;
}

api.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set("Authorization", `Bearer ${token}`);
  return config;
});

api.interceptors.response.use(
  (response) => response,
  async (error: unknown) => {
    if (!axios.isAxiosError(error) || !error.response || !error.config) throw error;
    const config = error.config as RetriableConfig;
    const { status } = error.response;
    const code = errorCode(error);
    // An expired or unreadable token: refresh once, then replay this request.
    if (status === 403 && code !== "ERR_NO_PERMISSION" && !config._retried) {
      config._retried = true;
      try {
        await refreshSession();
      } catch (refreshError) {
        toastError(refreshError);
        expireSession();
        markHandled(error);
        throw error;
      }
      return api(config);
    }
    if (status === 401) {
      // The server ended the session: one toast, then the guards send the user to /login.
      toastError(error);
      markHandled(error);
      expireSession();
    }
    throw error;
  },
);

export { api };
