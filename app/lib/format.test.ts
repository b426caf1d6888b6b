import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDayMonth,
  formatDateTime,
  formatDecimal,
  formatLongDate,
  formatLongDateTime,
  formatMediumDate,
  formatMediumDateTime,
  formatMonth,
  formatNumber,
  formatPercent,
  formatPoints,
  formatSek,
  formatSigned,
  formatTime,
} from "~/lib/format";

/** Intl uses no-break spaces; compare with plain ones. */
const plain = (value: string) => value.replace(/\s/g, " ");

describe("Swedish number formatting", () => {
  it("groups thousands the Swedish way", () => {
    expect(plain(formatNumber(150_000))).toBe("150 000");
    expect(formatNumber(999)).toBe("999");
  });

  it("writes öre as kronor, with öre only when there are some", () => {
    expect(plain(formatSek(125_000))).toBe("1 250 kr");
    expect(plain(formatSek(124_950))).toBe("1 249,50 kr");
    expect(plain(formatSek(5))).toBe("0,05 kr");
    expect(plain(formatSek(0))).toBe("0 kr");
  });

  it("writes points with the unit", () => {
    expect(plain(formatPoints(1_500))).toBe("1 500 poäng");
  });
});

describe("Swedish dates and times, in Stockholm time", () => {
  // 02:18 UTC on 14 November is 03:18 in Stockholm (winter, UTC+1).
  const at = "2026-11-14T02:18:00Z";

  it("writes short dates and times the way the staff lists show them", () => {
    expect(formatDate(at)).toBe("2026-11-14");
    expect(formatTime(at)).toBe("03:18");
    expect(formatDateTime(new Date(at))).toBe("2026-11-14 03:18");
  });

  it("writes medium and long dates with Swedish month names", () => {
    expect(formatMediumDate(at)).toBe("14 nov. 2026");
    expect(formatMediumDateTime(at)).toBe("14 nov. 2026 03:18");
    expect(formatLongDate("2026-12-04T10:00:00Z")).toBe("4 december 2026");
    expect(formatLongDateTime("2026-11-24T14:30:00Z")).toBe("24 november 2026 kl. 15:30");
  });

  it("reads a bare calendar day as that day", () => {
    expect(formatLongDate("2026-11-22")).toBe("22 november 2026");
    expect(formatLongDate("2026-01-01")).toBe("1 januari 2026");
  });

  it("uses Stockholm's clock, whatever the server's zone", () => {
    expect(formatDate("2025-12-31T23:30:00Z")).toBe("2026-01-01");
    expect(formatTime("2026-07-01T10:00:00Z")).toBe("12:00");
  });

  it("labels a chart's day as day/month", () => {
    expect(formatDayMonth("2026-12-04")).toBe("4/12");
    expect(formatDayMonth("2026-11-27")).toBe("27/11");
  });

  it("names a calendar month", () => {
    expect(formatMonth("2026-11")).toBe("nov. 2026");
    expect(formatMonth("2027-01")).toBe("jan. 2027");
  });
});

describe("decimals and percentages", () => {
  it("keeps as many decimals as asked for", () => {
    expect(formatDecimal(0.123456789, 6)).toBe("0,123457");
    expect(formatDecimal(0.07, 6)).toBe("0,07");
  });

  it("signs a change to a balance with plus or a true minus", () => {
    expect(plain(formatSigned(1_500))).toBe("+1 500");
    expect(formatSigned(-30)).toBe("−30");
  });

  it("writes a percentage with a space before the sign", () => {
    expect(formatPercent(12.5)).toBe("12,5 %");
  });
});
