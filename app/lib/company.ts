/**
 * The company behind the site (docs/rules/site.md#marketing-claims): static facts pages, the
 * structured data and the default support address state. Isomorphic.
 */

export const COMPANY = {
  legalForm: "Aktiebolag",
  city: "Helsingborg",
  region: "Skåne län",
  country: "SE",
  countryName: "Sverige",
  foundedYear: 2019,
  /** Where support mail goes unless SUPPORT_EMAIL says otherwise. */
  supportEmail: "support@skinhamnen.se",
  publisherDisclaimer:
    "Skinhamnen är inte ansluten till, sponsrad av eller godkänd av Valve Corporation. Counter-Strike 2, CS2 och Steam är varumärken som tillhör Valve Corporation.",
} as const;
