ALTER TABLE "blog_posts" ADD COLUMN "reading_minutes" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Backfill: the stored reading time of existing posts (docs/rules/blog.md#reading-time), the same
-- rule as readingTimeMinutes in app/modules/blog/blog.ts: hidden blocks, comments and tags removed,
-- words counted, 200 a minute rounded up, at least one. Every later write computes it in code.
UPDATE "blog_posts" SET "reading_minutes" = GREATEST(1, CEIL(COALESCE(array_length(regexp_split_to_array(NULLIF(btrim(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace("content", '<(script|style|template)\y.*?</\1\s*>', ' ', 'gi'), '<!--.*?-->', ' ', 'g'), '<[^>]*>', ' ', 'g'), '&nbsp;|&#160;|&#xa0;', ' ', 'gi'), '\s+', ' ', 'g')), ''), ' '), 1), 0) / 200.0))::integer;
