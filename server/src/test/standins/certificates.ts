import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export interface TestCertificates {
  dir: string;
  ca: string;
  serverCert: string;
  serverKey: string;
  clientCert: string;
  clientKey: string;
  /** The client's certificate and key in one PEM file, as an operator may keep them. */
  clientPem: string;
}

/** A throwaway certificate authority with a server certificate for 127.0.0.1 and a client certificate (openssl). */
export function makeTestCertificates(): TestCertificates {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "balcao-certs-"));
  const file = (name: string) => path.join(dir, name);
  const ssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=Balcao Test CA", "-keyout", file("ca.key"), "-out", file("ca.crt"));
  for (const [name, subject, ext] of [
    ["server", "/CN=127.0.0.1", "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth"],
    ["client", "/CN=balcao-efi-client", "extendedKeyUsage=clientAuth"],
  ]) {
    ssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", subject, "-keyout", file(`${name}.key`), "-out", file(`${name}.csr`));
    fs.writeFileSync(file(`${name}.ext`), ext);
    ssl("x509", "-req", "-in", file(`${name}.csr`), "-CA", file("ca.crt"), "-CAkey", file("ca.key"), "-CAcreateserial", "-days", "2", "-extfile", file(`${name}.ext`), "-out", file(`${name}.crt`));
  }
  fs.writeFileSync(file("client.pem"), fs.readFileSync(file("client.crt"), "utf8") + fs.readFileSync(file("client.key"), "utf8"));
  return { dir, ca: file("ca.crt"), serverCert: file("server.crt"), serverKey: file("server.key"), clientCert: file("client.crt"), clientKey: file("client.key"), clientPem: file("client.pem") };
}
