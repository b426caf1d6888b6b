/** Reading an SIE export back in tests (decision 047). */

/** The verifications of an SIE text: each one's #TRANS rows as [account, öre]. */
export function sieVerifications(text: string): { head: string; trans: [string, number][] }[] {
  const out: { head: string; trans: [string, number][] }[] = [];
  for (const line of text.split("\r\n")) {
    if (line.startsWith("#VER ")) out.push({ head: line, trans: [] });
    const trans = /^\s*#TRANS (\d{4}) \{\} (-?\d+)\.(\d{2})$/.exec(line);
    if (trans) {
      const sign = trans[2]!.startsWith("-") ? -1 : 1;
      out.at(-1)!.trans.push([trans[1]!, sign * (Math.abs(Number(trans[2])) * 100 + Number(trans[3]))]);
    }
  }
  return out;
}
