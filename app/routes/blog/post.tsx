import { useEffect } from "react";
import { Link, data, isRouteErrorResponse, useRouteError } from "react-router";
import { ArrowLeft, FileQuestion } from "~/components/ui/icons";
import type { Route } from "./+types/post";
import { useBlogNavigationPending } from "~/components/blog/blog-loading";
import { PostArticle } from "~/components/blog/post-article";
import { RSS_LINK } from "~/components/blog/rss-link";
import { Button } from "~/components/ui/button";
import { absoluteUrl, pageMeta, publicConfigFromMatches } from "~/lib/seo";
import { showOutcomeToast } from "~/lib/use-action-form";
import { toCard } from "~/modules/blog/blog";
import { getPublishedPost, latestPublishedPosts } from "~/modules/blog/blog.server";
import { postView } from "~/modules/blog/post-view.server";
import { db } from "~/platform/db/client.server";

export const links: Route.LinksFunction = () => [RSS_LINK];

const NOT_FOUND = {
  title: "Blogginlägg hittades inte",
  text: "Det blogginlägg du söker efter existerar inte eller har tagits bort.",
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const database = db();
  const [post, latest] = await Promise.all([
    getPublishedPost(database, params.slug),
    latestPublishedPosts(database, 4),
  ]);
  if (!post) throw data(NOT_FOUND, { status: 404 });

  return {
    post: postView(post),
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
      showOutcomeToast({ tone: "error", title: "Fel", description: "Kunde inte ladda blogginlägget." });
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
    // A team post's author is the Organization of the graph, a named writer's a Person.
    author: post.authorIsTeam
      ? { "@type": "Organization", "@id": `${site.publicUrl}/#organization`, name: site.siteName, url: `${site.publicUrl}/` }
      : { "@type": "Person", name: post.author },
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
  return <PostArticle post={post} more={more} pending={pending} />;
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
