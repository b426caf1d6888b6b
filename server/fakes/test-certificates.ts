/**
 * Throwaway X.509 certificates for local fakes that speak mutual TLS (the BankID fake): a CA,
 * server certificates for 127.0.0.1/localhost and client certificates, all ECDSA P-256, made
 * in-process with node:crypto and a few lines of DER, so no dependency and no `openssl` run.
 * Never for production: the keys live in memory and in the test's own files only.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isIP } from "node:net";

export interface TestKeyPair {
  /** PEM certificate. */
  cert: string;
  /** PEM private key (PKCS#8). */
  key: string;
}

export interface TestCa extends TestKeyPair {
  readonly privateKey: KeyObject;
  readonly subjectKeyId: Buffer;
  readonly name: Buffer;
}

// --- minimal DER ---------------------------------------------------------------------------

function tlv(tag: number, content: Buffer): Buffer {
  const length = content.length;
  if (length < 0x80) return Buffer.concat([Buffer.from([tag, length]), content]);
  const bytes: number[] = [];
  for (let rest = length; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.concat([Buffer.from([tag, 0x80 | bytes.length, ...bytes]), content]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const octetString = (content: Buffer) => tlv(0x04, content);
const utf8 = (text: string) => tlv(0x0c, Buffer.from(text, "utf8"));
const boolean = (value: boolean) => tlv(0x01, Buffer.from([value ? 0xff : 0]));
const explicit = (tagNumber: number, content: Buffer) => tlv(0xa0 | tagNumber, content);

function integer(value: Buffer): Buffer {
  let bytes = value;
  while (bytes.length > 1 && bytes[0] === 0 && (bytes[1]! & 0x80) === 0) bytes = bytes.subarray(1);
  return tlv(0x02, (bytes[0]! & 0x80) !== 0 ? Buffer.concat([Buffer.from([0]), bytes]) : bytes);
}

function bitString(content: Buffer, unusedBits = 0): Buffer {
  return tlv(0x03, Buffer.concat([Buffer.from([unusedBits]), content]));
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split(".").map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const chunk = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** UTCTime until 2049, as X.509 wants it. */
function time(date: Date): Buffer {
  const iso = date.toISOString();
  const text = `${iso.slice(2, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
  return tlv(0x17, Buffer.from(text, "ascii"));
}

// --- X.509 ---------------------------------------------------------------------------------

const OID = {
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  subjectKeyId: "2.5.29.14",
  keyUsage: "2.5.29.15",
  subjectAltName: "2.5.29.17",
  basicConstraints: "2.5.29.19",
  authorityKeyId: "2.5.29.35",
  extKeyUsage: "2.5.29.37",
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
} as const;

const signatureAlgorithm = () => sequence(oid(OID.ecdsaWithSha256));

function distinguishedName(commonName: string): Buffer {
  return sequence(
    set(sequence(oid(OID.organization), utf8("Skinhamnen test"))),
    set(sequence(oid(OID.commonName), utf8(commonName))),
  );
}

function extension(id: string, value: Buffer, critical = false): Buffer {
  return sequence(oid(id), ...(critical ? [boolean(true)] : []), octetString(value));
}

/** keyUsage bits, most significant first: digitalSignature = 0, keyCertSign = 5, cRLSign = 6. */
function keyUsage(bits: number[]): Buffer {
  let byte = 0;
  for (const bit of bits) byte |= 0x80 >> bit;
  const unused = Math.min(...[0, 1, 2, 3, 4, 5, 6, 7].filter((bit) => (byte & (0x80 >> bit)) !== 0).map((bit) => 7 - bit));
  return bitString(Buffer.from([byte]), unused);
}

function subjectAltNames(names: string[]): Buffer {
  return sequence(
    ...names.map((name) => {
      const family = isIP(name);
      if (family === 4) return tlv(0x87, Buffer.from(name.split(".").map(Number)));
      if (family === 6) throw new Error("IPv6 names are not needed by the fakes");
      return tlv(0x82, Buffer.from(name, "ascii"));
    }),
  );
}

function keyId(publicKey: KeyObject): Buffer {
  return createHash("sha1").update(publicKey.export({ type: "spki", format: "der" })).digest();
}

function toPem(label: string, der: Buffer): string {
  const lines = der.toString("base64").match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join("\n")}\n-----END ${label}-----\n`;
}

interface CertificateSpec {
  subject: Buffer;
  publicKey: KeyObject;
  issuer: Buffer;
  issuerKey: KeyObject;
  issuerKeyId: Buffer;
  extensions: Buffer[];
  days: number;
}

function certificate(spec: CertificateSpec): string {
  const now = Date.now();
  const serial = randomBytes(16);
  serial[0]! &= 0x7f;
  const tbs = sequence(
    explicit(0, integer(Buffer.from([2]))),
    integer(serial),
    signatureAlgorithm(),
    spec.issuer,
    sequence(time(new Date(now - 60 * 60 * 1000)), time(new Date(now + spec.days * 24 * 60 * 60 * 1000))),
    spec.subject,
    spec.publicKey.export({ type: "spki", format: "der" }),
    explicit(
      3,
      sequence(
        ...spec.extensions,
        extension(OID.subjectKeyId, octetString(keyId(spec.publicKey))),
        extension(OID.authorityKeyId, sequence(tlv(0x80, spec.issuerKeyId))),
      ),
    ),
  );
  const signature = sign("sha256", tbs, spec.issuerKey);
  return toPem("CERTIFICATE", sequence(tbs, signatureAlgorithm(), bitString(signature)));
}

function keyPair() {
  return generateKeyPairSync("ec", { namedCurve: "P-256" });
}

/** A self-signed CA that can issue server and client certificates. */
export function createTestCa(commonName = "Skinhamnen test CA", days = 365): TestCa {
  const { publicKey, privateKey } = keyPair();
  const name = distinguishedName(commonName);
  const subjectKeyId = keyId(publicKey);
  const cert = certificate({
    subject: name,
    publicKey,
    issuer: name,
    issuerKey: privateKey,
    issuerKeyId: subjectKeyId,
    extensions: [extension(OID.basicConstraints, sequence(boolean(true)), true), extension(OID.keyUsage, keyUsage([0, 5, 6]), true)],
    days,
  });
  return { cert, key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(), privateKey, subjectKeyId, name };
}

/** A leaf certificate signed by `ca`: for a TLS server (`names` go into subjectAltName) or a TLS client. */
export function issueCertificate(
  ca: TestCa,
  options: { commonName: string; usage: "server" | "client"; names?: string[]; days?: number },
): TestKeyPair {
  const { publicKey, privateKey } = keyPair();
  const extensions = [
    extension(OID.basicConstraints, sequence(), true),
    extension(OID.keyUsage, keyUsage([0]), true),
    extension(OID.extKeyUsage, sequence(oid(options.usage === "server" ? OID.serverAuth : OID.clientAuth))),
  ];
  if (options.names?.length) extensions.push(extension(OID.subjectAltName, subjectAltNames(options.names)));
  const cert = certificate({
    subject: distinguishedName(options.commonName),
    publicKey,
    issuer: ca.name,
    issuerKey: ca.privateKey,
    issuerKeyId: ca.subjectKeyId,
    extensions,
    days: options.days ?? 365,
  });
  return { cert, key: privateKey.export({ type: "pkcs8", format: "pem" }).toString() };
}
