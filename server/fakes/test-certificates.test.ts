import { X509Certificate, createPrivateKey, createPublicKey } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestCa, issueCertificate } from "./test-certificates";

describe("test certificates for the fakes", () => {
  const ca = createTestCa("Test CA");
  const caCert = new X509Certificate(ca.cert);

  it("makes a self-signed CA", () => {
    expect(caCert.ca).toBe(true);
    expect(caCert.subject).toContain("CN=Test CA");
    expect(caCert.verify(caCert.publicKey)).toBe(true);
    expect(Date.parse(caCert.validTo)).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);
  });

  it("issues a server certificate for 127.0.0.1 and localhost, signed by the CA, with its own key", () => {
    const issued = issueCertificate(ca, { commonName: "localhost", usage: "server", names: ["127.0.0.1", "localhost"] });
    const cert = new X509Certificate(issued.cert);
    expect(cert.ca).toBe(false);
    expect(cert.checkIssued(caCert)).toBe(true);
    expect(cert.verify(caCert.publicKey)).toBe(true);
    expect(cert.checkIP("127.0.0.1")).toBe("127.0.0.1");
    expect(cert.checkHost("localhost")).toBe("localhost");
    expect(cert.checkHost("example.com")).toBeUndefined();
    expect(cert.keyUsage).toContain("1.3.6.1.5.5.7.3.1");
    expect(createPublicKey(createPrivateKey(issued.key)).export({ format: "jwk" })).toEqual(cert.publicKey.export({ format: "jwk" }));
  });

  it("issues client certificates that another CA's certificate does not vouch for", () => {
    const client = new X509Certificate(issueCertificate(ca, { commonName: "RP", usage: "client" }).cert);
    expect(client.keyUsage).toContain("1.3.6.1.5.5.7.3.2");
    const other = new X509Certificate(createTestCa("Other CA").cert);
    expect(client.verify(other.publicKey)).toBe(false);
    expect(client.checkIssued(other)).toBe(false);
  });
});
