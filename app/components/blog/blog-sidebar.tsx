/**
 * The blog list's sidebar: the most read and the newest posts, the newsletter sign-up and the
 * RSS link.
 */
import type * as React from "react";
import { Link } from "react-router";
import { Flame, Rss } from "~/components/ui/icons";
import { BlogImage } from "~/components/blog/blog-image";
import { NewsletterForm } from "~/components/content/newsletter-form";
import type { BlogCardData } from "~/modules/blog/blog";

export function BlogSidebar({ popular, latest }: { popular: BlogCardData[]; latest: BlogCardData[] }) {
  return (
    <aside aria-label="Mer från bloggen" className="flex flex-col gap-6">
      {popular.length > 0 ? (
        <SidebarList
          title="Populära artiklar"
          icon={<Flame className="size-4 text-primary" aria-hidden="true" />}
          posts={popular}
        />
      ) : null}
      {latest.length > 0 ? <SidebarList title="Senaste inläggen" posts={latest} /> : null}
      <section aria-labelledby="blog-newsletter" className="rounded-xl border bg-card p-5 shadow-sm">
        <h2 id="blog-newsletter" className="text-base font-semibold">
          Få nya artiklar i inkorgen
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">
          Guider, marknadsanalyser och kampanjer – högst ett par gånger i månaden.
        </p>
        <NewsletterForm source="blog" className="mt-4" stacked />
      </section>
      <a
        href="/blog/rss.xml"
        className="inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-muted-foreground hover:text-foreground hover:underline"
      >
        <Rss className="size-4 text-primary" aria-hidden="true" />
        Följ bloggen via RSS
      </a>
    </aside>
  );
}

function SidebarList({ title, icon, posts }: { title: string; icon?: React.ReactNode; posts: BlogCardData[] }) {
  const id = `sidebar-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={id} className="flex items-center gap-2 text-base font-semibold">
        {icon}
        {title}
      </h2>
      <ul className="mt-4 flex flex-col gap-4">
        {posts.map((post) => (
          <li key={post.slug} className="group relative flex gap-3">
            <div className="w-20 shrink-0 overflow-hidden rounded-md">
              <BlogImage src={post.image} fallbackSrc={post.fallbackImage} alt="" place="thumbnail" />
            </div>
            <div className="min-w-0">
              <Link
                to={`/blog/${post.slug}`}
                prefetch="intent"
                className="line-clamp-2 text-sm leading-snug font-medium after:absolute after:inset-0 group-hover:text-primary"
              >
                {post.title}
              </Link>
              <p className="mt-1 text-xs text-muted-foreground">
                <time dateTime={post.dateIso}>{post.date}</time>
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
