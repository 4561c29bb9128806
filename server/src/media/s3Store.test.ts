import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import S3rver from "s3rver";
import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpCompany, startTestApp, type TestApp } from "../test/harness";
import { customerSays, pairedSandbox } from "../test/conversation";

/** Media in an S3-compatible bucket (s3rver, in this process on 127.0.0.1), through the API as the web app uses it. */
let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;
const BUCKET = "balcao-media";

const bucketKeys = async () => {
  const client = new S3Client({ endpoint, region: "us-east-1", forcePathStyle: true, credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" } });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
  client.destroy();
  return (listed.Contents ?? []).map((o) => o.Key!);
};

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), "balcao-s3-"));
  s3 = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = (await s3.run()) as AddressInfo;
  endpoint = `http://127.0.0.1:${port}`;
  t = await startTestApp({
    env: { MEDIA_URL: `s3://${BUCKET}/site-a`, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER", S3_FORCE_PATH_STYLE: "true" },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

describe("media in an S3 bucket", () => {
  it("keeps a message's file in the bucket under the company, serves it with a token of that company only, and not once deleted", async () => {
    const a = await signUpCompany(t.http);
    const b = await signUpCompany(t.http);
    const w = await pairedSandbox(t.http, a.token);
    const { ticket } = await customerSays(t.http, w, "5521988887777", "Oi");
    await t.http.put(`/tickets/${ticket.id}`, { status: "open", userId: a.user.id }, a.token);

    const data = crypto.randomBytes(3 * 1024 * 1024);
    const form = new FormData();
    form.append("body", "o catálogo");
    form.append("medias", new Blob([data], { type: "application/pdf" }), "catalogo completo.pdf");
    const sent = await fetch(`${t.url}/messages/${ticket.id}`, { method: "POST", body: form, headers: { authorization: `Bearer ${a.token}` } });
    expect(sent.status).toBe(200);
    const mine = (await t.http.get(`/messages/${ticket.id}`, a.token)).body.messages.at(-1);
    expect(mine).toMatchObject({ mediaName: "catalogo_completo.pdf", mediaUrl: `/media/messages/${mine.id}` });
    expect(await bucketKeys()).toContainEqual(expect.stringMatching(new RegExp(`^site-a/${a.company.id}/\\d{4}-\\d{2}/[0-9a-f-]{36}-catalogo_completo\\.pdf$`)));
    expect(await fs.readdir(path.join(t.config.dataDir, "media")).catch(() => [])).toEqual([]);

    const file = await fetch(t.url + mine.mediaUrl, { headers: { authorization: `Bearer ${a.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-length")).toBe(String(data.length));
    expect(file.headers.get("cache-control")).toContain("no-store");
    expect(Buffer.from(await file.arrayBuffer()).equals(data)).toBe(true);

    // the channel got the same bytes from the bucket
    const phone = await t.http.get(`/sandbox/${w.id}/outbound?number=5521988887777`, w.token);
    const copy = await fetch(`${t.url}/sandbox/${w.id}/media/${phone.body.at(-1).id}`, { headers: { authorization: `Bearer ${w.token}` } });
    expect(Buffer.from(await copy.arrayBuffer()).equals(data)).toBe(true);

    expect((await fetch(t.url + mine.mediaUrl)).status).toBe(401);
    expect((await fetch(t.url + mine.mediaUrl, { headers: { authorization: `Bearer ${b.token}` } })).status).toBe(404);

    expect((await t.http.del(`/messages/${mine.id}`, a.token)).status).toBe(200);
    expect((await fetch(t.url + mine.mediaUrl, { headers: { authorization: `Bearer ${a.token}` } })).status).toBe(404);
  });

  it("removes the object when an attachment is taken off, and a missing object is not found", async () => {
    const a = await signUpCompany(t.http);
    const q = (await t.http.post("/quick-messages", { shortcode: "tabela", message: "" }, a.token)).body;
    const form = new FormData();
    form.append("typeArch", "quickMessage");
    form.append("file", new Blob([Buffer.from("%PDF-1.4 tabela")], { type: "application/pdf" }), "tabela.pdf");
    expect((await fetch(`${t.url}/quick-messages/${q.id}/media-upload`, { method: "POST", body: form, headers: { authorization: `Bearer ${a.token}` } })).status).toBe(200);
    const ours = (await bucketKeys()).filter((k) => k.startsWith(`site-a/${a.company.id}/`));
    expect(ours).toHaveLength(1);
    const read = await fetch(`${t.url}/media/quick-messages/${q.id}`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(await read.text()).toBe("%PDF-1.4 tabela");

    expect((await t.http.del(`/quick-messages/${q.id}/media-upload`, a.token)).status).toBe(200);
    expect(await bucketKeys()).not.toContain(ours[0]);
    await expect(t.built.ctx.media.open(a.company.id, ours[0].slice("site-a/".length))).rejects.toMatchObject({ code: "ERR_WAPP_DOWNLOAD_MEDIA", status: 404 });
    // another company's key, or a path trick, is not found whatever the bucket holds
    await expect(t.built.ctx.media.open(a.company.id + 1, ours[0].slice("site-a/".length))).rejects.toMatchObject({ code: "ERR_NOT_FOUND" });
    await expect(t.built.ctx.media.open(a.company.id, `${a.company.id}/../${a.company.id + 1}/x`)).rejects.toMatchObject({ code: "ERR_NOT_FOUND" });
  });
});
