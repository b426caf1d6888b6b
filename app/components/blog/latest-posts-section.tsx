import { Suspense } from "react";
import { Await, Link } from "react-router";
import { ArrowRight } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { BLOG } from "~/modules/blog/blog-constants";
import type { BlogCardData } from "~/modules/blog/blog";
import { useRevalidateOnContent } from "~/components/realtime/realtime-provider";
import { PostCard, PostCardSkeleton } from "./post-card";

/**
 * Home page: the three latest posts with 'Läs mer' and 'Visa alla artiklar'
 * (docs/rules/site.md#home-page). The posts arrive as a promise: three skeleton cards show while a
 * client navigation loads them, and the server render streams the real cards (crawlers get the
 * finished document).
 */
export function LatestPostsSection({ posts }: { posts: Promise<BlogCardData[]> }) {
  // Live: a post published or changed while the page is open refreshes the list (docs/rules/blog.md#list).
  useRevalidateOnContent("blog");
  return (
    <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6" aria-labelledby="senaste-artiklar">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="senaste-artiklar" className="text-3xl font-bold tracking-tight">
            Senaste från bloggen
          </h2>
          <p className="mt-2 text-muted-foreground">Guider, marknadsanalyser och nyheter om CS2-skins.</p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <Link to="/blog">
            Visa alla artiklar
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      <Suspense fallback={<LatestPostsSkeleton />}>
        <Await
          resolve={posts}
          errorElement={
            <p role="alert" className="mt-8 rounded-xl border border-dashed p-8 text-center text-muted-foreground">
              Ett fel uppstod när blogginläggen skulle hämtas.
            </p>
          }
        >
          {(resolved) =>
            resolved.length ? (
              <ul className="mt-8 grid gap-6 md:grid-cols-3" data-testid="home-latest-posts">
                {resolved.map((post) => (
                  <li key={post.slug}>
                    <PostCard post={post} headingLevel="h3" />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-8 rounded-xl border border-dashed p-8 text-center text-muted-foreground">
                Inga blogginlägg har publicerats ännu.
              </p>
            )
          }
        </Await>
      </Suspense>
    </section>
  );
}

function LatestPostsSkeleton() {
  return (
    <div className="mt-8" aria-busy="true">
      <p role="status" className="sr-only">
        Laddar blogginlägg...
      </p>
      <div className="grid gap-6 md:grid-cols-3">
        {Array.from({ length: BLOG.homePostCount }, (_, index) => (
          <PostCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
