import { useEffect } from "react";
import { Link, data, isRouteErrorResponse, useRouteError } from "react-router";
import { ArrowLeft, CalendarDays, Clock, Eye, FileQuestion, UserRound } from "~/components/ui/icons";
import { toast } from "sonner";
import type { Route } from "./+types/blog.post";
import { BlogImage } from "~/components/blog/blog-image";
import { BlogLoading, useBlogNavigationPending } from "~/components/blog/blog-loading";
import { PostCard } from "~/components/blog/post-card";
import { RSS_LINK } from "~/components/blog/rss-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { absoluteUrl, pageMeta, publicConfigFromMatches } from "~/lib/seo";
import {
  categoryBadge,
  fallbackImage,
  featuredImage,
  formatLongDate,
  postDate,
  postExcerpt,
  toCard,
} from "~/modules/blog/blog";
import { getPublishedPost, latestPublishedPosts } from "~/modules/blog/blog.server";
import { parseSeoScript, sanitizeBlogHtml } from "~/modules/blog/sanitize.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { formatNumber } from "~/lib/format";

export const links: Route.LinksFunction = () => [RSS_LINK];

const NOT_FOUND = {
  title: "Blogginlägg hittades inte",
  text: "Det blogginlägg du söker efter existerar inte eller har tagits bort.",
} as const;

/** Only absolute http(s) URLs are used as a post's own canonical URL. */
function canonicalOverride(value: string | null): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

export async function loader({ params }: Route.LoaderArgs) {
  const database = db();
  const [post, latest] = await Promise.all([
    getPublishedPost(database, params.slug),
    latestPublishedPosts(database, 4),
  ]);
  if (!post) throw data(NOT_FOUND, { status: 404 });

  const published = postDate(post);
  return {
    post: {
      slug: post.slug,
      title: post.title,
      excerpt: postExcerpt(post),
      // Sanitised again on render, whatever the admin stored (docs/rules/blog.md#sanitising).
      html: sanitizeBlogHtml(post.content),
      badge: categoryBadge(post.categories, "post"),
      categories: post.categories,
      tags: post.tags,
      author: post.author_name?.trim() || config().SITE_NAME,
      date: formatLongDate(published),
      dateIso: published.toISOString(),
      modifiedIso: new Date(post.updated_at).toISOString(),
      readingMinutes: post.reading_minutes,
      views: post.view_count,
      image: featuredImage(post.featured_image_url),
      fallbackImage: fallbackImage(post.categories),
      imageAlt: post.alt_text?.trim() || post.title,
      metaTitle: post.meta_title?.trim() || post.title,
      metaDescription: post.meta_description?.trim() || postExcerpt(post),
      canonicalUrl: canonicalOverride(post.canonical_url),
      seoJsonLd: parseSeoScript(post.seo_script),
    },
    more: latest.filter((other) => other.slug !== post.slug).slice(0, 3).map(toCard),
  };
}

/**
 * docs/rules/blog.md#post-page: a failed load on a client navigation (network, server error) shows
 * the toast 'Fel' / 'Kunde inte ladda blogginlägget.'; a missing post is the 404 page, not a toast.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (!(isRouteErrorResponse(error) && error.status === 404)) {
      toast.error("Fel", { description: "Kunde inte ladda blogginlägget." });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ matches, loaderData, params }) => {
  if (!loaderData) {
    return pageMeta(matches, {
      title: NOT_FOUND.title,
      description: NOT_FOUND.text,
      path: `/blog/${params.slug}`,
      noindex: true,
    });
  }
  const { post } = loaderData;
  const site = publicConfigFromMatches(matches);
  const path = `/blog/${post.slug}`;
  const canonical = post.canonicalUrl ?? absoluteUrl(site.publicUrl, path);
  const image = absoluteUrl(site.publicUrl, post.image);
  const article = {
    "@type": "Article",
    "@id": `${absoluteUrl(site.publicUrl, path)}#article`,
    headline: post.title.slice(0, 110),
    description: post.metaDescription,
    image: [image],
    datePublished: post.dateIso,
    dateModified: post.modifiedIso,
    author: { "@type": "Person", name: post.author },
    publisher: { "@id": `${site.publicUrl}/#organization` },
    mainEntityOfPage: { "@type": "WebPage", "@id": canonical },
    inLanguage: "sv-SE",
    articleSection: post.badge,
    ...(post.tags.length ? { keywords: post.tags.join(", ") } : {}),
  };
  return pageMeta(matches, {
    title: post.metaTitle,
    description: post.metaDescription,
    path,
    canonicalUrl: post.canonicalUrl,
    type: "article",
    image: post.image,
    imageAlt: post.imageAlt,
    breadcrumbs: [
      { name: "Blogg", path: "/blog" },
      { name: post.title, path },
    ],
    jsonLd: [article],
    extra: [
      { property: "article:published_time", content: post.dateIso },
      { property: "article:modified_time", content: post.modifiedIso },
      { property: "article:author", content: post.author },
      { property: "article:section", content: post.badge },
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
      ...(post.tags.length ? [{ name: "keywords", content: post.tags.join(", ") }] : []),
      // seo_script: only its JSON-LD blocks, re-serialised by the router's escaping.
      ...post.seoJsonLd.map((block) => ({ "script:ld+json": block })),
    ],
  });
};

/** Counts the view with a separate request, so it counts even when the HTML came from a cache. */
function useRecordView(slug: string) {
  useEffect(() => {
    const url = `/api/blog/${encodeURIComponent(slug)}/view`;
    if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(url)) return;
    void fetch(url, { method: "POST", keepalive: true }).catch(() => {});
  }, [slug]);
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, more } = loaderData;
  const pending = useBlogNavigationPending();
  useRecordView(post.slug);

  return (
    <article aria-busy={pending} className="pb-8">
      {pending ? (
        <div className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center">
          <BlogLoading />
        </div>
      ) : null}
      <header className="bg-gradient-to-b from-muted/70 to-background">
        <div className="mx-auto max-w-3xl px-4 pt-6 sm:px-6 md:pt-10">
          <nav aria-label="Brödsmulor" className="text-sm text-muted-foreground">
            <ol className="flex flex-wrap items-center gap-1.5">
              <li>
                <Link to="/" className="hover:text-foreground hover:underline">
                  Hem
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li>
                <Link to="/blog" className="hover:text-foreground hover:underline">
                  Blogg
                </Link>
              </li>
              <li aria-hidden="true">/</li>
              <li aria-current="page" className="line-clamp-1 max-w-[14rem] text-foreground sm:max-w-xs">
                {post.title}
              </li>
            </ol>
          </nav>

          <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
            <Badge>{post.badge}</Badge>
            <span className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={post.dateIso}>{post.date}</time>
            </span>
            <span className="inline-flex items-center gap-1.5">
              <UserRound className="size-4" aria-hidden="true" />
              {`av ${post.author}`}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" />
              {`${post.readingMinutes} min läsning`}
            </span>
            <span className="inline-flex items-center gap-1.5" data-testid="post-views">
              <Eye className="size-4" aria-hidden="true" />
              {`${formatNumber(post.views)} ${post.views === 1 ? "visning" : "visningar"}`}
            </span>
          </div>

          <h1 className="mt-4 text-3xl font-black tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {post.title}
          </h1>
          {post.excerpt ? (
            <p className="mt-4 text-lg text-muted-foreground sm:text-xl" data-testid="post-excerpt">
              {post.excerpt}
            </p>
          ) : null}
          {post.tags.length ? (
            <ul className="mt-5 flex flex-wrap gap-2" aria-label="Taggar">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Badge variant="secondary">#{tag}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="mx-auto mt-8 max-w-5xl px-4 sm:px-6">
          <BlogImage
            src={post.image}
            fallbackSrc={post.fallbackImage}
            alt={post.imageAlt}
            eager
            place="post"
            className="rounded-xl border shadow-sm"
          />
        </div>
      </header>

      <div
        className="blog-prose mx-auto mt-10 max-w-3xl px-4 sm:px-6"
        data-testid="post-body"
        dangerouslySetInnerHTML={{ __html: post.html }}
      />

      <div className="mx-auto mt-12 max-w-3xl px-4 sm:px-6">
        <Button asChild variant="outline">
          <Link to="/blog">
            <ArrowLeft aria-hidden="true" />
            Alla blogginlägg
          </Link>
        </Button>
      </div>

      {more.length ? (
        <section aria-labelledby="more-posts" className="mx-auto mt-16 max-w-7xl px-4 sm:px-6">
          <h2 id="more-posts" className="text-2xl font-bold tracking-tight">
            Fler artiklar
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {more.map((other) => (
              <li key={other.slug}>
                <PostCard post={other} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <FileQuestion className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">
        {missing ? NOT_FOUND.title : "Kunde inte ladda blogginlägget."}
      </h1>
      <p className="mt-3 text-muted-foreground">
        {missing ? NOT_FOUND.text : "Kontrollera din anslutning och försök igen om en stund."}
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/blog">
          <ArrowLeft aria-hidden="true" />
          Till bloggen
        </Link>
      </Button>
    </section>
  );
}
