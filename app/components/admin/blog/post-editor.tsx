/**
 * The post editor (docs/rules/blog.md#editing): every field with `id="post-<column>"`, the
 * slug proposed from the title and checked live, autosave 5 s after the last change with a
 * visible status, a warning before leaving unsaved changes (tab close and in-app navigation),
 * the revision history, and status buttons. Saves carry the version they were based on; the
 * server answers 409 if someone saved in between. The `seo` role sees every field but can
 * change only the SEO ones; the server refuses anything else.
 */
import { Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useBlocker, useFetcher, useLocation, useNavigate } from "react-router";
import { Archive, Eye, History, ImageOff, LoaderCircle, Save, Send, Trash2, Undo2, Upload, X } from "~/components/ui/icons";
import { formatDate, formatNumber, formatTime } from "~/lib/format";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { BLOG_CATEGORIES, BLOG_CATEGORY_LABELS, BLOG_EDITOR } from "~/modules/blog/blog-constants";
import { IMAGE_LIMITS, TEXT_LIMITS } from "~/platform/platform-constants";
import { cn } from "~/lib/cn";
import { lazyComponent } from "~/lib/lazy-component";
import { fromStockholmDateTimeInput, stockholmDateTimeInput } from "~/lib/stockholm-time";
import { fieldErrors as zodFieldErrors, type FieldErrors } from "~/lib/validation";
import type { AdminPost, PostSnapshot, RevisionEntry } from "~/modules/blog/blog-admin.server";
import { BLOG_EDITOR_MESSAGES, blogPostSchema, SEO_FIELDS } from "~/modules/blog/blog-post-schema";
import { explainSeoScript } from "~/modules/blog/seo-script";
import { slugify } from "~/modules/blog/slug";
import { IMAGE_MESSAGES } from "~/platform/images/images";
import { useActionForm, type OutcomeToast } from "~/lib/use-action-form";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { PostStatusBadge } from "./post-status-badge";
import { RichTextPlaceholder } from "./rich-text-editor-placeholder";

const RichTextEditor = lazyComponent(() => import("./rich-text-editor").then((module) => module.RichTextEditor));

type SaveAnswer =
  | { ok: true; title: string; message: string; postId: string; version: string; live: boolean; status: string; savedAt: string; autosave: boolean }
  | { ok: false; title?: string; message: string; fieldErrors?: FieldErrors };
type OtherAnswer = { ok: true; title: string; message: string; version?: string; restored?: boolean; deleted?: boolean } | { ok: false; title?: string; message: string };
type EditorAnswer = SaveAnswer | OtherAnswer;

/** What the editor last sent to its action, so the answer is read (and toasted) as that request's. */
type Sent = { intent: "save" | "autosave"; values: FormValues } | { intent: "restore"; revision: RevisionEntry } | { intent: "delete" };

const FAILURE_TITLES: Record<Exclude<Sent["intent"], "autosave">, string> = {
  save: "Inlägget kunde inte sparas",
  restore: "Versionen kunde inte återställas",
  delete: "Inlägget kunde inte tas bort",
};

const EMPTY: PostSnapshot = {
  title: "",
  slug: "",
  excerpt: null,
  content: "",
  featured_image_url: null,
  categories: [],
  tags: [],
  is_pinned: false,
  author_name: null,
  status: "draft",
  published_at: null,
  meta_title: null,
  meta_description: null,
  canonical_url: null,
  alt_text: null,
  seo_script: null,
};

const KIND_LABELS: Record<RevisionEntry["kind"], string> = { save: "Sparad", autosave: "Autosparad", restore: "Återställd" };

const STATUS_LABELS: Record<string, string> = { draft: "Utkast", published: "Publicerad", archived: "Arkiverad" };

/** The form's own state: texts as typed. */
interface FormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featured_image_url: string;
  categories: string[];
  tags: string;
  is_pinned: boolean;
  author_name: string;
  status: string;
  /** Stockholm wall-clock time, `yyyy-mm-ddThh:mm`. */
  published_at: string;
  meta_title: string;
  meta_description: string;
  canonical_url: string;
  alt_text: string;
  seo_script: string;
}

function toForm(values: PostSnapshot): FormValues {
  return {
    title: values.title,
    slug: values.slug,
    excerpt: values.excerpt ?? "",
    content: values.content,
    featured_image_url: values.featured_image_url ?? "",
    categories: values.categories,
    tags: values.tags.join(", "),
    is_pinned: values.is_pinned,
    author_name: values.author_name ?? "",
    status: values.status,
    published_at: values.published_at ? stockholmDateTimeInput(new Date(values.published_at)) : "",
    meta_title: values.meta_title ?? "",
    meta_description: values.meta_description ?? "",
    canonical_url: values.canonical_url ?? "",
    alt_text: values.alt_text ?? "",
    seo_script: values.seo_script ?? "",
  };
}

/** What a save sends: every field for admin and blog, only the SEO fields for seo. */
function payload(form: FormValues, canEditAll: boolean): Record<string, unknown> {
  const seo = Object.fromEntries(SEO_FIELDS.map((key) => [key, form[key]]));
  if (!canEditAll) return seo;
  const when = form.published_at ? fromStockholmDateTimeInput(form.published_at) : null;
  return {
    ...seo,
    title: form.title,
    slug: form.slug,
    excerpt: form.excerpt,
    content: form.content,
    featured_image_url: form.featured_image_url,
    categories: form.categories,
    tags: form.tags
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    is_pinned: form.is_pinned,
    author_name: form.author_name,
    status: form.status,
    published_at: form.published_at ? (when ? when.toISOString() : "ogiltig") : "",
  };
}

/** Asks /admin/blog/slug through a fetcher once the slug has rested; a newer check replaces an older one. */
function useSlugCheck(slug: string, postId: string | null, enabled: boolean) {
  const fetcher = useFetcher<{ available: boolean; message: string }>();
  const { load } = fetcher;
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled || !slug) return;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ slug });
      if (postId) params.set("id", postId);
      setAsked(slug);
      void load(`/admin/blog/slug?${params}`);
    }, BLOG_EDITOR.slugCheckMs);
    return () => clearTimeout(timer);
  }, [slug, postId, enabled, load]);
  return fetcher.state === "idle" && fetcher.data && asked === slug ? fetcher.data : null;
}

/** docs/rules/blog.md#editing: `/admin/blog/<id>#post-meta_description` scrolls to that field and focuses it. */
function useFocusFromHash() {
  const location = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (!/^post-[a-z_]+$/.test(id)) return;
    let tries = 0;
    const timer = setInterval(() => {
      tries += 1;
      const element = document.getElementById(id);
      // The body's editor arrives with its own chunk: wait for its editable element.
      const ready = element && (id !== "post-content" || element.isContentEditable || element.getAttribute("aria-readonly") === "true");
      if (ready) {
        element.scrollIntoView({ block: "center" });
        element.focus({ preventScroll: true });
        clearInterval(timer);
      } else if (tries > 50) clearInterval(timer);
    }, 100);
    return () => clearInterval(timer);
  }, [location.hash]);
}

function Counter({ value, max, id }: { value: string; max: number; id: string }) {
  const length = [...value].length;
  return (
    <span id={id} className={cn("tabular-nums", length > max && "text-destructive")} aria-live="polite">
      {length} / {max} tecken
    </span>
  );
}

function SeoScriptReport({ value }: { value: string }) {
  const report = useMemo(() => explainSeoScript(value), [value]);
  if (!value.trim()) return <p className="text-sm text-muted-foreground">Inga strukturerade data.</p>;
  return (
    <div className="grid gap-2 rounded-md border bg-muted/30 p-3 text-sm" data-testid="seo-script-report" aria-live="polite">
      <p>
        {report.kept.length === 0
          ? "Inget block sparas."
          : `${report.kept.length} JSON-LD-block sparas${report.kept.length ? ` (${report.kept.map((block) => (Array.isArray(block) ? "lista" : String(block["@type"] ?? "utan @type"))).join(", ")})` : ""}.`}
      </p>
      {report.dropped.length ? (
        <ul className="grid gap-1">
          {report.dropped.map((drop, index) => (
            <li key={index} className="text-amber-800 dark:text-amber-300">
              <strong>Tas bort:</strong> {drop.reason} <code className="break-all text-xs">{drop.excerpt}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function FeaturedImage({
  url,
  canEdit,
  onChange,
}: {
  url: string;
  canEdit: boolean;
  onChange: (url: string) => void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  // The upload is a multipart post to /admin/blog/bild through a fetcher, like the point shop's.
  const fetcher = useFetcher<{ ok: boolean; url?: string; message?: string }>();
  const busy = fetcher.state !== "idle";
  const [error, setError] = useState<string | null>(null);
  useFetcherResult(
    fetcher,
    useCallback(
      (answer: { ok: boolean; url?: string; message?: string }) => {
        if (answer.ok && answer.url) onChange(answer.url);
        else setError(answer.message ?? IMAGE_MESSAGES.unreadable);
      },
      [onChange],
    ),
  );

  function upload(file: File | undefined) {
    setError(null);
    if (input.current) input.current.value = "";
    if (!file) return;
    if (file.size > IMAGE_LIMITS.maxBytes) {
      setError(IMAGE_MESSAGES.tooLarge);
      return;
    }
    const body = new FormData();
    body.set("image", file);
    void fetcher.submit(body, { method: "post", action: "/admin/blog/bild", encType: "multipart/form-data" });
  }

  return (
    <div className="grid gap-2">
      <span id={`${id}-label`} className="text-sm font-medium">
        Utvald bild
      </span>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr] sm:items-start">
        {url ? (
          <img src={url} alt="" width={1200} height={630} className="aspect-[1200/630] w-full rounded-md border object-cover" data-testid="post-image-preview" />
        ) : (
          <span className="grid aspect-[1200/630] w-full place-items-center rounded-md border bg-muted text-muted-foreground" aria-hidden="true">
            <ImageOff className="size-6" />
          </span>
        )}
        <div className="grid gap-2">
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            PNG, JPEG eller WebP, högst {IMAGE_LIMITS.maxBytes / (1024 * 1024)} MB. Bilden beskärs och sparas som 1200 × 630 WebP.
          </p>
          {canEdit ? (
            <div className="flex flex-wrap gap-2">
              <input
                ref={input}
                id="post-featured_image_url"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="sr-only"
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                onChange={(event) => upload(event.target.files?.[0])}
                data-testid="post-image-input"
              />
              <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
                {busy ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Upload className="size-4" aria-hidden="true" />}
                {busy ? "Laddar upp…" : url ? "Byt bild" : "Ladda upp bild"}
              </Button>
              {url ? (
                <Button type="button" variant="ghost" size="sm" onClick={() => onChange("")}>
                  <X className="size-4" aria-hidden="true" />
                  Ta bort bild
                </Button>
              ) : null}
            </div>
          ) : null}
          {error ? (
            <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function RevisionList({
  revisions,
  canRestore,
  busy,
  onRestore,
}: {
  revisions: RevisionEntry[];
  canRestore: boolean;
  busy: boolean;
  onRestore: (revision: RevisionEntry) => void;
}) {
  return (
    <section aria-labelledby="revisions-title" className="grid gap-3 rounded-xl border bg-card p-4">
      <h2 id="revisions-title" className="flex items-center gap-2 text-base font-semibold">
        <History className="size-4" aria-hidden="true" />
        Versioner
      </h2>
      {revisions.length === 0 ? (
        <p className="text-sm text-muted-foreground">Inga sparade versioner ännu.</p>
      ) : (
        <ol className="grid gap-2 text-sm" data-testid="revisions">
          {revisions.map((revision, index) => (
            <li key={revision.id} className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 last:border-b-0 last:pb-0">
              <span className="grid">
                <span>
                  <time dateTime={revision.createdAt}>
                    {formatDate(revision.createdAt)} {formatTime(revision.createdAt)}
                  </time>{" "}
                  <Badge variant="outline">{KIND_LABELS[revision.kind]}</Badge>
                  {index === 0 ? <span className="sr-only"> (senaste)</span> : null}
                </span>
                <span className="text-xs text-muted-foreground">{revision.savedBy ?? "Okänd"}</span>
              </span>
              {canRestore && index > 0 ? (
                <ConfirmDialog
                  testId="confirm-restore"
                  trigger={
                    <Button type="button" variant="outline" size="sm" disabled={busy} data-testid="revision-restore">
                      <Undo2 className="size-4" aria-hidden="true" />
                      Återställ<span className="sr-only"> versionen från {formatDate(revision.createdAt)} {formatTime(revision.createdAt)}</span>
                    </Button>
                  }
                  title="Återställa den här versionen?"
                  description={<p>Inlägget sparas med innehållet från {formatDate(revision.createdAt)} {formatTime(revision.createdAt)}. Nuvarande innehåll finns kvar bland versionerna.</p>}
                  confirmLabel="Återställ"
                  onConfirm={() => onRestore(revision)}
                />
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

type SaveState =
  | { kind: "idle" }
  | { kind: "dirty" }
  | { kind: "saving"; autosave: boolean }
  /** statusKept: an autosave stored everything but the status chosen on screen. */
  | { kind: "saved"; at: string; live: boolean; statusKept: boolean }
  | { kind: "error"; message: string };

export function PostEditor({ post, canEditAll, now }: { post: AdminPost | null; canEditAll: boolean; now: string }) {
  const navigate = useNavigate();
  const [postId, setPostId] = useState<string | null>(post?.id ?? null);
  const [version, setVersion] = useState<string | null>(post?.version ?? null);
  const [form, setForm] = useState<FormValues>(() => toForm(post?.values ?? EMPTY));
  const [storedStatus, setStoredStatus] = useState(post?.values.status ?? "draft");
  const [dirty, setDirty] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>({ kind: "idle" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [conflict, setConflict] = useState<string | null>(null);
  const [slugTouched, setSlugTouched] = useState(Boolean(post));
  const [pendingDismissed, setPendingDismissed] = useState(false);
  const allowLeave = useRef(false);
  /** The form as last autosaved, so a status left unsaved is not autosaved again and again. */
  const autosavedForm = useRef<string | null>(null);
  const readOnly = !canEditAll;
  useFocusFromHash();

  const formNow = useRef(form);
  useEffect(() => {
    formNow.current = form;
  });
  const update = useCallback(<K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    // Only a real change is unsaved (a blur or the editor re-emitting the same text is not).
    if (JSON.stringify(formNow.current[key]) === JSON.stringify(value)) return;
    setForm((current) => {
      if (current[key] === value) return current;
      const next = { ...current, [key]: value };
      return next;
    });
    setDirty(true);
    setSaveState({ kind: "dirty" });
  }, []);

  const setTitle = (title: string) => {
    update("title", title);
    if (!slugTouched) update("slug", slugify(title));
  };

  const slugCheck = useSlugCheck(form.slug, postId, canEditAll && form.slug !== (post?.values.slug ?? ""));

  /** The same schema the server runs, for an instant message before sending. */
  const check = useCallback(
    (values: FormValues): FieldErrors | null => {
      if (!canEditAll) return null;
      const parsed = blogPostSchema.safeParse(payload(values, true));
      return parsed.success ? null : zodFieldErrors(parsed.error);
    },
    [canEditAll],
  );

  /**
   * Saves, restores and deletes go to the editor's action (/admin/blog/:postId/spara) through
   * one fetcher (decision 033): the answer is one toast (none for an autosave) and then read as
   * the request it answers. After a save the loaders run again (the revision list, the stored status).
   */
  const sent = useRef<Sent | null>(null);
  const toastFor = useCallback((answer: EditorAnswer): OutcomeToast | null => {
    const request = sent.current;
    if (!request || request.intent === "autosave") return null;
    if (answer.ok) return { tone: "success", title: answer.title, description: answer.message };
    return { tone: "error", title: answer.title || FAILURE_TITLES[request.intent], description: answer.message };
  }, []);

  const onAnswer = async (answer: EditorAnswer) => {
    const request = sent.current;
    if (!request) return;
    if (request.intent === "restore") {
      if (!answer.ok) {
        if (answer.message === BLOG_EDITOR_MESSAGES.conflict) setConflict(answer.message);
        return;
      }
      // The restored version is now the post: the editor opens it again from the server.
      setDirty(false);
      allowLeave.current = true;
      await navigate(".", { replace: true, state: { reload: ("version" in answer ? answer.version : undefined) ?? request.revision.id } });
      allowLeave.current = false;
      return;
    }
    if (request.intent === "delete") {
      if (!answer.ok) return;
      allowLeave.current = true;
      await navigate("/admin/blog", { replace: true });
      return;
    }
    const autosave = request.intent === "autosave";
    const { values } = request;
    if (!answer.ok) {
      if ("fieldErrors" in answer && answer.fieldErrors) setErrors(answer.fieldErrors);
      if (answer.message === BLOG_EDITOR_MESSAGES.conflict) setConflict(answer.message);
      setSaveState({ kind: "error", message: answer.message });
      return;
    }
    const saved = answer as Extract<SaveAnswer, { ok: true }>;
    setVersion(saved.version);
    if (saved.live) setStoredStatus(saved.status);
    const unchangedSince = JSON.stringify(values) === JSON.stringify(formNow.current);
    // A status chosen on screen but not saved stays an unsaved change.
    const statusKept = canEditAll && values.status !== saved.status;
    if (autosave) autosavedForm.current = JSON.stringify(values);
    if (unchangedSince && !statusKept) setDirty(false);
    setSaveState(unchangedSince ? { kind: "saved", at: saved.savedAt, live: saved.live, statusKept } : { kind: "dirty" });
    if (!postId) {
      setPostId(saved.postId);
      allowLeave.current = true;
      await navigate(`/admin/blog/${saved.postId}`, { replace: true, state: { createdFrom: "ny" } });
      allowLeave.current = false;
    }
  };

  const action = useActionForm<EditorAnswer>({ fallback: null, toast: toastFor, onOutcome: (answer) => void onAnswer(answer) });
  const { busy } = action;
  const { submit: postToAction } = action.fetcher;
  const send = useCallback(
    (request: Sent, body: Record<string, string | number | boolean | null | string[]>) => {
      sent.current = request;
      void postToAction(body, { method: "post", action: `/admin/blog/${postId ?? "ny"}/spara`, encType: "application/json" });
    },
    [postToAction, postId],
  );

  const submit = useCallback(
    (autosave: boolean, overrides: Partial<FormValues> = {}) => {
      if (conflict || busy) return;
      const values = { ...form, ...overrides };
      const problems = check(values);
      if (problems) {
        if (!autosave) setErrors(problems);
        setSaveState({ kind: "error", message: autosave ? "Inte sparat: rätta de markerade fälten." : (Object.values(problems)[0] ?? "Rätta de markerade fälten.") });
        return;
      }
      if (!autosave) setErrors({});
      setSaveState({ kind: "saving", autosave });
      // docs/rules/blog.md#autosave: an autosave never sends the status; only a deliberate save publishes.
      const all = payload(values, canEditAll);
      const { status: _status, ...withoutStatus } = all;
      const fields = autosave ? withoutStatus : all;
      send({ intent: autosave ? "autosave" : "save", values }, { intent: autosave ? "autosave" : "save", ...(version ? { version } : {}), ...fields });
    },
    [busy, canEditAll, check, conflict, form, send, version],
  );

  const restore = (revision: RevisionEntry) => send({ intent: "restore", revision }, { intent: "restore", revisionId: revision.id, version: version ?? "" });

  const remove = () => send({ intent: "delete" }, { intent: "delete" });

  // docs/rules/blog.md#autosave: 5 s after the last change.
  useEffect(() => {
    if (!dirty || conflict || busy) return;
    if (!postId && !form.title.trim()) return;
    if (JSON.stringify(form) === autosavedForm.current) return;
    const timer = setTimeout(() => void submit(true), BLOG_EDITOR.autosaveMs);
    return () => clearTimeout(timer);
  }, [form, dirty, conflict, busy, postId, submit]);

  // Leaving with unsaved changes asks first: closing the tab, and navigating in the app.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !allowLeave.current && currentLocation.pathname !== nextLocation.pathname);

  const setStatusAndSave = (status: "draft" | "published" | "archived") => {
    setForm((current) => ({ ...current, status }));
    setDirty(true);
    void submit(false, { status });
  };

  const scheduledAt = form.status === "published" && form.published_at ? fromStockholmDateTimeInput(form.published_at) : null;
  const scheduled = Boolean(scheduledAt && scheduledAt.getTime() > Date.parse(now));
  const pending = post?.pendingAutosave && !pendingDismissed && !dirty ? post.pendingAutosave : null;
  const previewHref = postId ? `/admin/blog/${postId}/forhandsgranska${post?.pendingAutosave ? `?version=${post.pendingAutosave.id}` : ""}` : null;
  const err = (key: string) => errors[key];
  const statusText =
    saveState.kind === "saving"
      ? "Sparar…"
      : saveState.kind === "saved"
        ? `${saveState.live ? "Sparat" : "Sparat som version"} ${formatTime(saveState.at)}${saveState.statusKept ? ". Statusen sparas inte automatiskt." : ""}`
        : saveState.kind === "dirty"
          ? "Osparade ändringar"
          : saveState.kind === "error"
            ? saveState.message
            : post
              ? `Senast sparat ${formatDate(post.version)} ${formatTime(post.version)}`
              : "Inte sparat ännu";

  return (
    <div className="grid min-w-0 grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/admin/blog" className={buttonVariants({ variant: "ghost", size: "sm" })}>
            ← Alla inlägg
          </Link>
          {postId ? (
            <PostStatusBadge
              status={storedStatus}
              scheduled={storedStatus === "published" && scheduled}
              publishedAt={scheduledAt ? scheduledAt.toISOString() : null}
            />
          ) : (
            <Badge variant="outline">Nytt inlägg</Badge>
          )}
        </div>
        <p
          role="status"
          aria-live="polite"
          data-testid="save-status"
          className={cn("text-sm", saveState.kind === "error" ? "text-destructive" : "text-muted-foreground")}
        >
          {saveState.kind === "saving" ? <LoaderCircle className="mr-1 inline size-4 animate-spin" aria-hidden="true" /> : null}
          {statusText}
        </p>
      </div>

      {conflict ? (
        <FormAlert tone="error" title="Inlägget har ändrats">
          <span className="grid gap-2">
            <span>{conflict}</span>
            <span>
              <Button type="button" size="sm" variant="outline" onClick={() => window.location.reload()}>
                Ladda om
              </Button>
            </span>
          </span>
        </FormAlert>
      ) : null}

      {readOnly ? (
        <FormAlert tone="info" title="Du kan ändra SEO-fälten">
          Med SEO-rollen kan du ändra metatitel, metabeskrivning, kanonisk adress, alternativ text och strukturerad data. Övriga fält är skrivskyddade.
        </FormAlert>
      ) : null}

      {pending ? (
        <FormAlert tone="info" title="Automatiskt sparade ändringar">
          <span className="grid gap-2">
            <span>
              Det finns ändringar från {formatDate(pending.createdAt)} {formatTime(pending.createdAt)} som inte är publicerade.
            </span>
            <span className="flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                onClick={() => {
                  setForm(toForm(pending.values));
                  setDirty(true);
                  setSaveState({ kind: "dirty" });
                  setPendingDismissed(true);
                }}
                data-testid="load-autosave"
              >
                Fortsätt med ändringarna
              </Button>
              <Button type="button" size="sm" variant="ghost" onClick={() => setPendingDismissed(true)}>
                Behåll publicerad text
              </Button>
            </span>
          </span>
        </FormAlert>
      ) : null}

      <form
        className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
        noValidate
      >
        <div className="grid min-w-0 content-start gap-5">
          <FormField id="post-title" label="Rubrik" required error={err("title")}>
            {(control) => (
              <Input
                {...control}
                value={form.title}
                readOnly={readOnly}
                maxLength={BLOG_EDITOR.titleMax}
                onChange={(event) => setTitle(event.target.value)}
                className="text-lg font-semibold"
              />
            )}
          </FormField>
          <FormField
            id="post-slug"
            label="Adress (slug)"
            required
            error={err("slug") ?? (slugCheck && !slugCheck.available ? slugCheck.message : undefined)}
            hint={
              <span aria-live="polite">
                /blog/{form.slug || "…"}
                {slugCheck?.available ? <span className="ml-2 text-emerald-700 dark:text-emerald-400">{slugCheck.message}</span> : null}
              </span>
            }
          >
            {(control) => (
              <Input
                {...control}
                value={form.slug}
                readOnly={readOnly}
                maxLength={TEXT_LIMITS.slug}
                onChange={(event) => {
                  setSlugTouched(true);
                  update("slug", event.target.value.toLowerCase());
                }}
                onBlur={() => !readOnly && update("slug", slugify(form.slug))}
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </FormField>
          <FormField id="post-excerpt" label="Ingress" optional error={err("excerpt")} hint={<Counter id="post-excerpt-count" value={form.excerpt} max={BLOG_EDITOR.excerptMax} />}>
            {(control) => (
              <Textarea {...control} rows={3} value={form.excerpt} readOnly={readOnly} maxLength={BLOG_EDITOR.excerptMax} onChange={(event) => update("excerpt", event.target.value)} />
            )}
          </FormField>
          <div className="grid gap-2">
            <span id="post-content-label" className="text-sm font-medium">
              Brödtext
            </span>
            <Suspense fallback={<RichTextPlaceholder />}>
              <RichTextEditor
                id="post-content"
                value={form.content}
                editable={!readOnly}
                labelledBy="post-content-label"
                describedBy={err("content") ? "post-content-error" : undefined}
                onChange={(html) => update("content", html)}
              />
            </Suspense>
            {err("content") ? (
              <p id="post-content-error" className="text-sm text-destructive">
                {err("content")}
              </p>
            ) : null}
          </div>

          <FeaturedImage url={form.featured_image_url} canEdit={!readOnly} onChange={(url) => update("featured_image_url", url)} />
          {err("featured_image_url") ? <p className="text-sm text-destructive">{err("featured_image_url")}</p> : null}
          <FormField
            id="post-alt_text"
            label="Alternativ text för bilden"
            required={Boolean(form.featured_image_url)}
            optional={!form.featured_image_url}
            error={err("alt_text")}
            hint="Beskriv bilden för den som inte ser den. Krävs när en bild är vald."
          >
            {(control) => <Input {...control} value={form.alt_text} maxLength={BLOG_EDITOR.altTextMax} onChange={(event) => update("alt_text", event.target.value)} />}
          </FormField>

          <fieldset className="grid gap-4 rounded-xl border p-4">
            <legend className="px-1 text-base font-semibold">SEO</legend>
            <FormField id="post-meta_title" label="Metatitel" optional error={err("meta_title")} hint={<Counter id="post-meta_title-count" value={form.meta_title} max={BLOG_EDITOR.metaTitleMax} />}>
              {(control) => <Input {...control} value={form.meta_title} maxLength={BLOG_EDITOR.metaTitleMax} onChange={(event) => update("meta_title", event.target.value)} />}
            </FormField>
            <FormField
              id="post-meta_description"
              label="Metabeskrivning"
              optional
              error={err("meta_description")}
              hint={<Counter id="post-meta_description-count" value={form.meta_description} max={BLOG_EDITOR.metaDescriptionMax} />}
            >
              {(control) => (
                <Textarea {...control} rows={3} value={form.meta_description} maxLength={BLOG_EDITOR.metaDescriptionMax} onChange={(event) => update("meta_description", event.target.value)} />
              )}
            </FormField>
            <FormField id="post-canonical_url" label="Kanonisk adress" optional error={err("canonical_url")} hint="Lämna tomt för inläggets egen adress.">
              {(control) => (
                <Input {...control} type="url" inputMode="url" value={form.canonical_url} maxLength={BLOG_EDITOR.urlMax} onChange={(event) => update("canonical_url", event.target.value)} />
              )}
            </FormField>
            <FormField
              id="post-seo_script"
              label="Strukturerad data (JSON-LD)"
              optional
              error={err("seo_script")}
              hint={<SeoScriptReport value={form.seo_script} />}
            >
              {(control) => (
                <Textarea
                  {...control}
                  rows={6}
                  className="font-mono text-xs"
                  spellCheck={false}
                  value={form.seo_script}
                  maxLength={BLOG_EDITOR.seoScriptMax}
                  placeholder={'<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article"}</script>'}
                  onChange={(event) => update("seo_script", event.target.value)}
                />
              )}
            </FormField>
          </fieldset>
        </div>

        <aside aria-label="Publicering och inställningar" className="grid content-start gap-4">
          <section aria-labelledby="publish-title" className="grid gap-4 rounded-xl border bg-card p-4">
            <h2 id="publish-title" className="text-base font-semibold">
              Publicering
            </h2>
            <FormField id="post-status" label="Status" error={err("status")}>
              {(control) => (
                <NativeSelect {...control} value={form.status} disabled={readOnly} onChange={(event) => update("status", event.target.value)}>
                  {Object.entries(STATUS_LABELS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField
              id="post-published_at"
              label="Publiceringstid"
              optional
              error={err("published_at")}
              hint={scheduled ? `Schemalagd: syns på bloggen ${formatDate(scheduledAt!.toISOString())} ${formatTime(scheduledAt!.toISOString())}.` : "Svensk tid. En framtida tid på ett publicerat inlägg schemalägger det."}
            >
              {(control) => <Input {...control} type="datetime-local" value={form.published_at} readOnly={readOnly} onChange={(event) => update("published_at", event.target.value)} />}
            </FormField>
            <div className="grid gap-2">
              <Button type="submit" disabled={busy || Boolean(conflict)} data-testid="post-save">
                <Save className="size-4" aria-hidden="true" />
                Spara
              </Button>
              {canEditAll && storedStatus !== "published" ? (
                <Button type="button" variant="secondary" disabled={busy || Boolean(conflict)} onClick={() => setStatusAndSave("published")} data-testid="post-publish">
                  <Send className="size-4" aria-hidden="true" />
                  {scheduled ? "Schemalägg" : "Publicera"}
                </Button>
              ) : null}
              {canEditAll && postId && storedStatus === "published" ? (
                <Button type="button" variant="outline" disabled={busy || Boolean(conflict)} onClick={() => setStatusAndSave("draft")} data-testid="post-unpublish">
                  <Undo2 className="size-4" aria-hidden="true" />
                  Avpublicera
                </Button>
              ) : null}
              {canEditAll && postId && storedStatus !== "archived" ? (
                <Button type="button" variant="outline" disabled={busy || Boolean(conflict)} onClick={() => setStatusAndSave("archived")} data-testid="post-archive">
                  <Archive className="size-4" aria-hidden="true" />
                  Arkivera
                </Button>
              ) : null}
              {previewHref ? (
                <Link to={previewHref} className={buttonVariants({ variant: "outline" })} data-testid="post-preview">
                  <Eye className="size-4" aria-hidden="true" />
                  Förhandsgranska
                </Link>
              ) : null}
              {canEditAll && postId && storedStatus === "archived" ? (
                <ConfirmDialog
                  testId="confirm-delete"
                  trigger={
                    <Button type="button" variant="outline" className="text-red-700 hover:text-red-800 dark:text-red-300" disabled={busy} data-testid="post-delete">
                      <Trash2 className="size-4" aria-hidden="true" />
                      Ta bort
                    </Button>
                  }
                  title="Ta bort inlägget?"
                  description={<p>{form.title || "Inlägget"} och dess versioner tas bort för gott. Det går inte att ångra.</p>}
                  confirmLabel="Ta bort"
                  tone="destructive"
                  onConfirm={remove}
                />
              ) : null}
            </div>
          </section>

          <section aria-labelledby="details-title" className="grid gap-4 rounded-xl border bg-card p-4">
            <h2 id="details-title" className="text-base font-semibold">
              Detaljer
            </h2>
            <fieldset className="grid gap-2" aria-describedby={err("categories") ? "post-categories-error" : undefined}>
              <legend className="text-sm font-medium">Kategorier</legend>
              <div id="post-categories" className="grid grid-cols-2 gap-2">
                {BLOG_CATEGORIES.map((category) => (
                  <label key={category} className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={form.categories.includes(category)}
                      disabled={readOnly}
                      onChange={(event) =>
                        update("categories", event.target.checked ? [...form.categories, category] : form.categories.filter((value) => value !== category))
                      }
                    />
                    {BLOG_CATEGORY_LABELS[category]}
                  </label>
                ))}
              </div>
              {err("categories") ? (
                <p id="post-categories-error" className="text-sm text-destructive">
                  {err("categories")}
                </p>
              ) : null}
            </fieldset>
            <FormField id="post-tags" label="Taggar" optional error={err("tags")} hint="Separera med kommatecken.">
              {(control) => <Input {...control} value={form.tags} readOnly={readOnly} onChange={(event) => update("tags", event.target.value)} />}
            </FormField>
            <FormField id="post-author_name" label="Författare" optional error={err("author_name")} hint="Tomt: sajtens namn.">
              {(control) => <Input {...control} value={form.author_name} readOnly={readOnly} maxLength={TEXT_LIMITS.name} onChange={(event) => update("author_name", event.target.value)} />}
            </FormField>
            <label className="flex items-center gap-2 text-sm">
              <input
                id="post-is_pinned"
                type="checkbox"
                className="size-4 accent-primary"
                checked={form.is_pinned}
                disabled={readOnly}
                onChange={(event) => update("is_pinned", event.target.checked)}
              />
              Fäst överst på bloggen
            </label>
            {post ? (
              <p className="text-sm text-muted-foreground">
                {formatNumber(post.views)} visningar · {post.readingMinutes} min läsning
              </p>
            ) : null}
          </section>

          {post ? (
            <RevisionList
              revisions={post.revisions}
              canRestore={canEditAll && !conflict}
              busy={busy}
              onRestore={restore}
            />
          ) : null}
        </aside>
      </form>

      <ConfirmDialog
        open={blocker.state === "blocked"}
        title="Lämna sidan?"
        description="Du har ändringar som inte är sparade. Lämnar du sidan försvinner de."
        confirmLabel="Lämna sidan"
        cancelLabel="Stanna kvar"
        tone="destructive"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
        testId="leave-dialog"
      />
      {action.fetcher.state === "loading" ? <span className="sr-only">Laddar…</span> : null}
    </div>
  );
}
