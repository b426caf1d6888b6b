import { Link } from "react-router";
import { ArrowRight, CalendarDays, Clock } from "~/components/ui/icons";
import { Badge } from "~/components/ui/badge";
import { Skeleton } from "~/components/ui/skeleton";
import type { BlogCardData } from "~/modules/blog/blog";
import { BlogImage } from "./blog-image";

interface PostCardProps {
  post: BlogCardData;
  eager?: boolean;
  headingLevel?: "h2" | "h3";
}

/** A post in a grid: image, category badge, title, excerpt, date, reading time, 'Läs mer'. */
export function PostCard({ post, eager = false, headingLevel: Heading = "h2" }: PostCardProps) {
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
      data-testid="blog-card"
    >
      <div className="relative overflow-hidden">
        <BlogImage
          src={post.image}
          fallbackSrc={post.fallbackImage}
          alt={post.imageAlt}
          eager={eager}
          place="card"
          className="transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
        <Badge className="absolute left-3 top-3 shadow-sm">{post.badge}</Badge>
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-3.5" aria-hidden="true" />
            <time dateTime={post.dateIso}>{post.date}</time>
          </span>
          <span className="inline-flex items-center gap-1.5">
            <Clock className="size-3.5" aria-hidden="true" />
            {`${post.readingMinutes} min läsning`}
          </span>
        </p>
        <Heading className="text-lg leading-snug font-semibold tracking-tight text-balance group-hover:text-primary">
          {post.title}
        </Heading>
        <p className="text-sm text-muted-foreground">{post.excerpt}</p>
        {/* The whole card is the link's hit area; the accessible name says which post. */}
        <Link
          to={`/blog/${post.slug}`}
          prefetch="intent"
          className="mt-auto inline-flex items-center gap-1 pt-2 text-sm font-medium text-primary outline-none after:absolute after:inset-0 after:content-['']"
        >
          Läs mer<span className="sr-only"> om {post.title}</span>
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}

/** Placeholder of the same shape while posts load (three on the home page; docs/rules/blog.md#list). */
export function PostCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm" data-testid="blog-card-skeleton">
      <Skeleton className="aspect-[1200/630] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-5">
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-5 w-5/6" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
