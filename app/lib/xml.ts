/** Text and attribute values for XML documents (RSS, sitemap). */
export function escapeXml(value: string): string {
  return (
    value
      // Characters XML 1.0 forbids outright (control characters other than tab, LF, CR).
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}
