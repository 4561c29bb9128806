/** A bad or missing setting: the start stops with its one-line message, which names the variable. */
export class ConfigError extends Error {}
