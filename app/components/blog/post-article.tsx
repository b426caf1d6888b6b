import { Link } from "react-router";
import { ArrowLeft, CalendarDays, Clock, Eye, UserRound } from "~/components/ui/icons";
import { BlogImage } from "~/components/blog/blog-image";
import { BlogLoading } from "~/components/blog/blog-loading";
import { PostCard } from "~/components/blog/post-card";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { formatNumber } from "~/lib/format";
import type { BlogCardData } from "~/modules/blog/blog";
import type { PostView } from "~/modules/blog/post-view.server";

/** The post page's article (docs/rules/blog.md#post-page); the staff preview renders the same. */
export function PostArticle({ post, more, pending = false }: { post: PostView; more: BlogCardData[]; pending?: boolean }) {
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
