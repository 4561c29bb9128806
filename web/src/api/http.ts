import axios, { type CreateAxiosDefaults } from "axios";

/** Same origin by default; VITE_API_URL points the app at another host. */
const baseURL = import.meta.env.VITE_API_URL ?? "/";

/**
 * API paths are the same as the SPA's routes (/settings, /users…), and the server sends
 * index.html for those with a public max-age: a cached page must never answer an API call,
 * so API requests go through fetch with the HTTP cache turned off.
 */
const defaults: CreateAxiosDefaults = {
  baseURL,
  withCredentials: true,
  adapter: "fetch",
  fetchOptions: { cache: "no-store" },
};

/** Private calls: bearer token, refresh-once-on-403 and logout-on-401 (see client.ts). */
export const api = axios.create(defaults);

/** Public calls and the session calls themselves: no interceptors. */
export const publicApi = axios.create(defaults);

// The fetch adapter labels a body-less POST as a form, which the server refuses (415): send an empty JSON object.
for (const instance of [api, publicApi]) {
  instance.interceptors.request.use((config) => {
    const method = config.method?.toLowerCase();
    if ((method === "post" || method === "put" || method === "patch") && config.data === undefined) config.data = {};
    return config;
  });
}
