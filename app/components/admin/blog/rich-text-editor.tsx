/**
 * The post body's editor (docs/rules/blog.md#editing, docs/decisions/027-blog-editor.md):
 * TipTap limited to what the sanitiser's allow-list renders — headings, paragraphs, bold,
 * italic, underline, lists, quotes, code, links, images and tables. Strike-through and
 * horizontal rules are left out because the public page would drop them. Campaign bodies use it
 * too (the mail template keeps the same allow-list). It is loaded with its
 * own chunk after the editor page (`lazyComponent`), so neither public pages nor the panel's
 * first load carry it. Its HTML is sanitised again on the server when saved and when rendered.
 */
import { useEffect, useId, useState, type ReactNode } from "react";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { TableKit } from "@tiptap/extension-table";
import { Bold, Code, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Quote, Table, Underline, Undo2, Redo2 } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/lib/cn";
import { RichTextPlaceholder } from "./rich-text-editor-placeholder";

export interface RichTextEditorProps {
  /** The editable element's id (`post-content`), which the URL hash may name. */
  id: string;
  /** The HTML the editor opens with; later changes from outside replace the document. */
  value: string;
  onChange: (html: string) => void;
  editable: boolean;
  labelledBy: string;
  describedBy?: string;
  /** The editable element's test id (the post body's by default). */
  testId?: string;
}

/** Link and image addresses the sanitiser keeps (docs/rules/blog.md#sanitising). */
const SAFE_URL = /^(https?:\/\/|mailto:|tel:|\/(?!\/))/i;

function ToolbarButton({ label, active, onClick, disabled, children }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Button
      type="button"
      variant={active ? "secondary" : "ghost"}
      size="icon"
      className="size-8"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

type Prompt = { kind: "link" | "image"; value: string; alt: string } | null;

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      h2: current.isActive("heading", { level: 2 }),
      h3: current.isActive("heading", { level: 3 }),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      underline: current.isActive("underline"),
      bullet: current.isActive("bulletList"),
      ordered: current.isActive("orderedList"),
      quote: current.isActive("blockquote"),
      code: current.isActive("codeBlock"),
      link: current.isActive("link"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [error, setError] = useState<string | null>(null);
  const promptId = useId();
  const chain = () => editor.chain().focus();

  const apply = () => {
    if (!prompt) return;
    const url = prompt.value.trim();
    if (prompt.kind === "link" && url === "") {
      chain().extendMarkRange("link").unsetLink().run();
      setPrompt(null);
      return;
    }
    if (!SAFE_URL.test(url)) {
      setError("Ange en adress som börjar med https://, http://, mailto:, tel: eller /.");
      return;
    }
    if (prompt.kind === "link") chain().extendMarkRange("link").setLink({ href: url }).run();
    else chain().setImage({ src: url, alt: prompt.alt.trim() }).run();
    setPrompt(null);
    setError(null);
  };

  return (
    <div className="grid gap-2 border-b bg-muted/40 p-1.5">
      <div role="toolbar" aria-label="Formatering" className="flex flex-wrap items-center gap-0.5">
        <ToolbarButton label="Rubrik nivå 2" active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Rubrik nivå 3" active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
          <Heading3 className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Fetstil" active={state.bold} onClick={() => chain().toggleBold().run()}>
          <Bold className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Kursiv" active={state.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Understruken" active={state.underline} onClick={() => chain().toggleUnderline().run()}>
          <Underline className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Punktlista" active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
          <List className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Numrerad lista" active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
          <ListOrdered className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Citat" active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
          <Quote className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Kodblock" active={state.code} onClick={() => chain().toggleCodeBlock().run()}>
          <Code className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton
          label="Länk"
          active={state.link}
          onClick={() => setPrompt({ kind: "link", value: (editor.getAttributes("link").href as string | undefined) ?? "", alt: "" })}
        >
          <Link2 className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Bild" onClick={() => setPrompt({ kind: "image", value: "", alt: "" })}>
          <ImagePlus className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Tabell" onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
          <Table className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Ångra" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
          <Undo2 className="size-4" aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Gör om" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
          <Redo2 className="size-4" aria-hidden="true" />
        </ToolbarButton>
      </div>
      {prompt ? (
        <div className="flex flex-wrap items-end gap-2 px-1 pb-1" role="group" aria-label={prompt.kind === "link" ? "Länk" : "Bild"}>
          <div className="grid min-w-48 flex-1 gap-1">
            <label htmlFor={`${promptId}-url`} className="text-xs font-medium">
              {prompt.kind === "link" ? "Länkens adress (tom tar bort länken)" : "Bildens adress"}
            </label>
            <Input
              id={`${promptId}-url`}
              data-testid="editor-url"
              value={prompt.value}
              autoFocus
              onChange={(event) => setPrompt({ ...prompt, value: event.target.value })}
              onKeyDown={(event) => {
                if (event.key === "Enter") {
                  event.preventDefault();
                  apply();
                }
                if (event.key === "Escape") setPrompt(null);
              }}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? `${promptId}-error` : undefined}
            />
          </div>
          {prompt.kind === "image" ? (
            <div className="grid min-w-40 flex-1 gap-1">
              <label htmlFor={`${promptId}-alt`} className="text-xs font-medium">
                Alternativ text
              </label>
              <Input id={`${promptId}-alt`} value={prompt.alt} onChange={(event) => setPrompt({ ...prompt, alt: event.target.value })} />
            </div>
          ) : null}
          <Button type="button" size="sm" onClick={apply} data-testid="editor-url-apply">
            {prompt.kind === "link" ? "Spara länk" : "Infoga bild"}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setPrompt(null)}>
            Avbryt
          </Button>
          {error ? (
            <p id={`${promptId}-error`} className="w-full text-sm text-destructive" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

export function RichTextEditor({ id, value, onChange, editable, labelledBy, describedBy, testId = "post-content" }: RichTextEditorProps) {
  const editor = useEditor({
    immediatelyRender: false,
    editable,
    extensions: [
      StarterKit.configure({
        strike: false,
        horizontalRule: false,
        heading: { levels: [2, 3, 4] },
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: "https",
          isAllowedUri: (url) => SAFE_URL.test(url),
          HTMLAttributes: { rel: null, target: null },
        },
      }),
      Image.configure({ inline: false }),
      TableKit.configure({ table: { resizable: false } }),
    ],
    content: value,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        ...(editable ? {} : { "aria-readonly": "true" }),
        class: "blog-prose min-h-72 px-4 py-3 outline-none",
        "data-testid": testId,
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });

  // A value set from outside (a restored version, autosaved changes) replaces the document.
  useEffect(() => {
    if (!editor) return;
    const current = editor.isEmpty ? "" : editor.getHTML();
    if (value !== current) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    editor?.setEditable(editable);
  }, [editor, editable]);

  return (
    <div className={cn("overflow-hidden rounded-md border bg-background focus-within:ring-2 focus-within:ring-ring", !editable && "bg-muted/30")}>
      {editor && editable ? <Toolbar editor={editor} /> : null}
      {editor ? <EditorContent editor={editor} /> : <RichTextPlaceholder id={id} />}
    </div>
  );
}
