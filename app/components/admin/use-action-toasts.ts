/**
 * Shows a staff action's answer once as a toast: success with its title, failure with its title
 * or 'Något gick fel' (docs/rules/admin.md). One hook for every tab's fetchers and forms.
 */
import { useEffect, useRef } from "react";
import { toast } from "sonner";

export interface ActionToastAnswer {
  ok: boolean;
  title?: string;
  message: string;
}

export function useActionToasts(answer: ActionToastAnswer | undefined) {
  const shown = useRef<ActionToastAnswer | undefined>(undefined);
  useEffect(() => {
    if (!answer || shown.current === answer) return;
    shown.current = answer;
    if (answer.ok) toast.success(answer.title ?? "Sparat", { description: answer.message });
    else toast.error(answer.title ?? "Något gick fel", { description: answer.message });
  }, [answer]);
}
