/** Reads until `ok` holds or `ms` pass, every 50 ms, and answers the last value read (the test's expect then shows it). */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 8_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}
