/**
 * A campaign's body: the blog's rich-text editor (docs/decisions/027-blog-editor.md), loaded with
 * its own chunk and limited to what the sanitiser's allow-list keeps. Its HTML travels in a
 * hidden field of the form. The server sanitises whatever is posted
 * (docs/rules/newsletter.md#campaigns).
 */
import { Suspense } from "react";
import { RichTextPlaceholder } from "~/components/admin/blog/rich-text-editor-placeholder";
import type { FieldControlProps } from "~/components/ui/form-field";
import { lazyComponent } from "~/lib/lazy-component";

const RichTextEditor = lazyComponent(() => import("~/components/admin/blog/rich-text-editor").then((module) => module.RichTextEditor));

export interface CampaignBodyFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The label wiring FormField hands its control. */
  control?: Partial<FieldControlProps>;
}

export function CampaignBodyField({ name, value, onChange, control }: CampaignBodyFieldProps) {
  const id = control?.id ?? name;
  return (
    <>
      <input type="hidden" name={name} value={value} />
      <Suspense fallback={<RichTextPlaceholder />}>
        <RichTextEditor
          id={id}
          value={value}
          onChange={onChange}
          editable
          labelledBy={`${id}-label`}
          describedBy={control?.["aria-describedby"]}
          testId="campaign-body"
        />
      </Suspense>
    </>
  );
}
