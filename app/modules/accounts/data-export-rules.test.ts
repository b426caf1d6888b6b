import { describe, expect, it } from "vitest";
import { DATA_EXPORT } from "./data-export-constants";
import { dataExportView } from "./data-export-rules";

const HOUR = 60 * 60_000;
const created = new Date("2026-11-28T10:00:00Z");
const row = { id: "00000000-0000-4000-8000-000000000001", status: "ready", created_at: created.toISOString(), ready_at: created.toISOString(), expires_at: new Date(created.getTime() + DATA_EXPORT.downloadDays * 24 * HOUR).toISOString(), size_bytes: 100 };

describe("what /profile shows of a data export (decision 048)", () => {
  it("shows nothing without an export", () => {
    expect(dataExportView(null, created)).toBeNull();
  });

  it("offers a ready archive until it expires, then calls it expired", () => {
    expect(dataExportView(row, new Date(created.getTime() + HOUR))?.status).toBe("ready");
    expect(dataExportView(row, new Date(row.expires_at))?.status).toBe("expired");
  });

  it("names when a new export may be asked for, except after a failure", () => {
    const soon = dataExportView(row, new Date(created.getTime() + HOUR));
    expect(soon?.nextRequestAt).toBe(new Date(created.getTime() + DATA_EXPORT.requestCooldownHours * HOUR).toISOString());
    expect(dataExportView(row, new Date(created.getTime() + DATA_EXPORT.requestCooldownHours * HOUR))?.nextRequestAt).toBeNull();
    expect(dataExportView({ ...row, status: "failed", ready_at: null, expires_at: null }, created)?.nextRequestAt).toBeNull();
  });
});
