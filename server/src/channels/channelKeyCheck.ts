import type { Database } from "../db/client";
import { ConfigError } from "../configError";
import { opens } from "./sealing";

const SAMPLE = 20;

/**
 * At start: the newest sealed channel secrets must open with this process's key. When none does,
 * every session and Cloud API call would fail later with obscure errors, so the start stops here.
 */
export async function checkChannelKey(database: Database, dataDir: string, fromEnvironment: boolean) {
  const rows = await database.query<{ value: string }>(
    `(select value from channel_auth_entries where value like 'gcm1:%' order by whatsapp_id desc limit $1)
     union all
     (select cloud->>'accessToken' from whatsapps where cloud->>'accessToken' like 'gcm1:%' order by id desc limit $1)`,
    [SAMPLE],
  );
  const values = rows.map((r) => r.value);
  const opened = values.filter((v) => opens(dataDir, v)).length;
  if (values.length === 0 || opened > 0) return { checked: values.length, opened };
  throw new ConfigError(
    fromEnvironment
      ? "Invalid configuration: CHANNEL_KEY does not open the channel secrets stored in the database (they were sealed under another key): give every host the key they were sealed with"
      : "Invalid configuration: the channel secrets stored in the database were sealed under another key than DATA_DIR/channel.key: set CHANNEL_KEY to the key they were sealed with (the first host's DATA_DIR/channel.key)",
  );
}
