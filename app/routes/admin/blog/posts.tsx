/**
 * /admin/blog (admin, blog, seo; docs/rules/blog.md#the-blog-tab): every post — draft,
 * scheduled, published, archived — searched by title or excerpt and filtered by status and
 * category in the URL, paged on the server, with views and the last change.
 */
import { useMemo } from "react";
import { Link, useNavigation, useSearchParams } from "react-router";
import { Pencil, Pin, Plus } from "~/components/ui/icons";
import type { Route } from "./+types/posts";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { PostStatusBadge } from "~/components/admin/blog/post-status-badge";
import { CardField, DateTimeCell, ListEmpty } from "~/components/admin/list-parts";
import { FilterField, FilterSelect, labelledOptions, ListFilters } from "~/components/admin/list-toolbar";
import { formatDate, formatNumber, formatTime } from "~/lib/format";
import { buttonVariants } from "~/components/ui/button";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { KeysetPager } from "~/components/ui/pager";
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS } from "~/modules/blog/blog-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { withSearchParams } from "~/lib/search-params";
import type { AdminPostRow } from "~/modules/blog/blog-admin.server";
import { ADMIN_POST_FILTER_LABELS, ADMIN_POST_FILTERS } from "~/modules/blog/blog-post-schema";
import { loadPostList } from "~/modules/blog/blog-admin-page.server";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "blog");

export async function loader({ request }: Route.LoaderArgs) {
  return loadPostList(request);
}

export const ErrorBoundary = AdminTabError;

const FILTER_KEYS = ["q", "status", "kategori"] as const;

function Categories({ post }: { post: AdminPostRow }) {
  if (post.categories.length === 0) return <span className="text-muted-foreground">–</span>;
  return <>{post.categories.map((category) => BLOG_CATEGORY_LABELS[category as keyof typeof BLOG_CATEGORY_LABELS] ?? category).join(", ")}</>;
}

function TitleCell({ post }: { post: AdminPostRow }) {
  return (
    <span className="grid min-w-0 gap-0.5">
      <Link to={`/admin/blog/${post.id}`} className="font-medium hover:underline" data-testid="post-link">
        {post.isPinned ? <Pin className="mr-1 inline size-3.5 text-muted-foreground" aria-label="Fäst" /> : null}
        {post.title}
      </Link>
      <span className="truncate text-xs text-muted-foreground">/blog/{post.slug}</span>
    </span>
  );
}

function columns(): DataTableColumn<AdminPostRow>[] {
  return [
    { id: "title", header: "Rubrik", meta: { className: "min-w-64 max-w-md" }, cell: ({ row }) => <TitleCell post={row.original} /> },
    {
      id: "status",
      header: "Status",
      meta: { className: "whitespace-nowrap" },
      cell: ({ row }) => <PostStatusBadge status={row.original.status} scheduled={row.original.scheduled} publishedAt={row.original.publishedAt} />,
    },
    { id: "categories", header: "Kategori", cell: ({ row }) => <Categories post={row.original} /> },
    { id: "views", header: "Visningar", meta: { align: "right" }, cell: ({ row }) => formatNumber(row.original.views) },
    { id: "updated", header: "Ändrad", meta: { className: "whitespace-nowrap" }, cell: ({ row }) => <DateTimeCell iso={row.original.updatedAt} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Åtgärder</span>,
      meta: { className: "w-0" },
      cell: ({ row }) => (
        <Link to={`/admin/blog/${row.original.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Pencil className="size-4" aria-hidden="true" />
          Redigera<span className="sr-only"> {row.original.title}</span>
        </Link>
      ),
    },
  ];
}

function PostCard({ post }: { post: AdminPostRow }) {
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4 text-sm" data-row-id={post.id}>
      <div className="flex items-start justify-between gap-3">
        <TitleCell post={post} />
        <PostStatusBadge status={post.status} scheduled={post.scheduled} publishedAt={post.publishedAt} />
      </div>
      <dl className="grid grid-cols-2 gap-2">
        <CardField label="Kategori">
          <Categories post={post} />
        </CardField>
        <CardField label="Visningar" valueClassName="tabular-nums">
          {formatNumber(post.views)}
        </CardField>
        <CardField label="Ändrad" className="col-span-2">
          <time dateTime={post.updatedAt}>
            {formatDate(post.updatedAt)} {formatTime(post.updatedAt)}
          </time>
        </CardField>
      </dl>
      <Link to={`/admin/blog/${post.id}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
        <Pencil className="size-4" aria-hidden="true" />
        Redigera<span className="sr-only"> {post.title}</span>
      </Link>
    </article>
  );
}

function Filters({ query }: { query: Route.ComponentProps["loaderData"]["query"] }) {
  const [params] = useSearchParams();
  return (
    <ListFilters
      label="Filtrera inlägg"
      active={FILTER_KEYS.some((key) => params.get(key))}
      clearTo={withSearchParams(params, { q: null, status: null, kategori: null, sida: null, efter: null, fore: null })}
    >
      <div className="grid gap-3 sm:grid-cols-[minmax(12rem,2fr)_repeat(2,minmax(0,1fr))]">
        <FilterField id="filter-q" label="Sök">
          <Input id="filter-q" name="q" type="search" defaultValue={query.q ?? ""} placeholder="Rubrik eller ingress" maxLength={TEXT_LIMITS.search} />
        </FilterField>
        <FilterSelect
          id="filter-status"
          name="status"
          label="Status"
          all="Alla statusar"
          options={labelledOptions(ADMIN_POST_FILTERS, ADMIN_POST_FILTER_LABELS)}
          defaultValue={query.status}
        />
        <FilterSelect
          id="filter-category"
          name="kategori"
          label="Kategori"
          all="Alla kategorier"
          options={labelledOptions(BLOG_CATEGORIES, BLOG_CATEGORY_LABELS)}
          defaultValue={query.category}
        />
      </div>
    </ListFilters>
  );
}

export default function AdminBlogTab({ loaderData }: Route.ComponentProps) {
  const { query, page, canCreate } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const cols = useMemo(() => columns(), []);
  const filtered = FILTER_KEYS.some((key) => params.get(key));
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/blog";

  return (
    <section aria-labelledby="posts-title" className="grid min-w-0 grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="posts-title" className="text-lg font-semibold">
            Blogginlägg
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            Utkast, schemalagda, publicerade och arkiverade inlägg. Ett publicerat inlägg med en framtida tid är schemalagt.
          </p>
        </div>
        {canCreate ? (
          <Link to="/admin/blog/ny" className={buttonVariants()} data-testid="post-new">
            <Plus className="size-4" aria-hidden="true" />
            Nytt inlägg
          </Link>
        ) : null}
      </div>
      <Filters key={params.toString()} query={query} />
      {loading ? (
        <p role="status" className="text-sm text-muted-foreground">
          Laddar blogginlägg...
        </p>
      ) : null}
      <DataTable
        testId="admin-posts"
        caption="Blogginlägg"
        columns={cols}
        data={page.posts}
        getRowId={(row) => row.id}
        busy={loading}
        renderCard={(post) => <PostCard post={post} />}
        empty={
          <ListEmpty
            title={filtered ? "Inga inlägg matchar filtret" : "Inga blogginlägg ännu"}
            hint={filtered ? "Ändra eller rensa filtret för att se fler." : canCreate ? "Skriv det första med knappen Nytt inlägg." : "Inlägg visas här när redaktionen skriver dem."}
          />
        }
      />
      {page.count.count > 0 ? <KeysetPager links={page.links} count={page.count} noun="inlägg" /> : null}
    </section>
  );
}
