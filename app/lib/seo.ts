/**
 * Page metadata in one place: every public route's `meta` export calls `pageMeta`, which
 * renders the Swedish title, description, canonical URL, Open Graph and Twitter tags, and
 * one JSON-LD `@graph` (Organization and WebSite always; page-specific nodes added).
 */
import type { MetaDescriptor } from "react-router";
import { COMPANY } from "~/lib/company";
import { FALLBACK_PUBLIC_CONFIG, type PublicConfig } from "~/lib/site-config";

const DEFAULT_OG_IMAGE = "/images/blog/default.webp";

export interface PageMetaInput {
  title: string;
  description: string;
  /** Path of the page (canonical), e.g. `/faq`. */
  path: string;
  /** Absolute or site-relative image URL (1200×630). */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
  /** Breadcrumb trail after "Hem", e.g. [{ name: "Blogg", path: "/blog" }]. */
  breadcrumbs?: Array<{ name: string; path: string }>;
  /** Extra JSON-LD nodes (FAQPage, Article, …) added to the page's @graph. */
  jsonLd?: Array<Record<string, unknown>>;
  /** An explicit canonical URL (absolute), e.g. a blog post's canonical_url. */
  canonicalUrl?: string;
  extra?: MetaDescriptor[];
}

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The public config from the root route's loader data, as seen by a `meta` function. */
export function publicConfigFromMatches(matches: ReadonlyArray<MatchLike | undefined>): PublicConfig {
  const root = matches.find((match) => match?.id === "root")?.loaderData as
    | { publicConfig?: PublicConfig }
    | undefined;
  return root?.publicConfig ?? FALLBACK_PUBLIC_CONFIG;
}

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

function organizationNode(config: PublicConfig): Record<string, unknown> {
  return {
    "@type": "Organization",
    "@id": `${config.publicUrl}/#organization`,
    name: config.siteName,
    url: `${config.publicUrl}/`,
    logo: `${config.publicUrl}/favicon.svg`,
    email: config.supportEmail,
    foundingDate: String(COMPANY.foundedYear),
    address: {
      "@type": "PostalAddress",
      addressLocality: COMPANY.city,
      addressRegion: COMPANY.region,
      addressCountry: COMPANY.country,
    },
  };
}

function websiteNode(config: PublicConfig): Record<string, unknown> {
  return {
    "@type": "WebSite",
    "@id": `${config.publicUrl}/#website`,
    url: `${config.publicUrl}/`,
    name: config.siteName,
    inLanguage: "sv-SE",
    publisher: { "@id": `${config.publicUrl}/#organization` },
  };
}

function breadcrumbNode(
  config: PublicConfig,
  trail: Array<{ name: string; path: string }>,
): Record<string, unknown> {
  const items = [{ name: "Hem", path: "/" }, ...trail];
  return {
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.name,
      item: absoluteUrl(config.publicUrl, item.path),
    })),
  };
}

/** FAQPage node from question/answer pairs (answers as plain text). */
export function faqNode(items: ReadonlyArray<{ question: string; answer: string }>): Record<string, unknown> {
  return {
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

export function pageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  input: PageMetaInput,
): MetaDescriptor[] {
  const config = publicConfigFromMatches(matches);
  const canonical = input.canonicalUrl ?? absoluteUrl(config.publicUrl, input.path);
  const image = absoluteUrl(config.publicUrl, input.image ?? DEFAULT_OG_IMAGE);
  const title = input.title.includes(config.siteName) ? input.title : `${input.title} | ${config.siteName}`;
  const graph = [
    organizationNode(config),
    websiteNode(config),
    ...(input.breadcrumbs ? [breadcrumbNode(config, input.breadcrumbs)] : []),
    ...(input.jsonLd ?? []),
  ];
  return [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: canonical },
    ...(input.noindex ? [{ name: "robots", content: "noindex, nofollow" }] : []),
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:locale", content: "sv_SE" },
    { property: "og:site_name", content: config.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    ...(input.imageAlt ? [{ property: "og:image:alt", content: input.imageAlt }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
    { "script:ld+json": { "@context": "https://schema.org", "@graph": graph } },
    ...(input.extra ?? []),
  ];
}
