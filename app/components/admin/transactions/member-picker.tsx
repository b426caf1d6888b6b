/**
 * Picks the member of a new trade: search by email, name or Steam id (at least two
 * characters), then choose from the matches. The choice's standing (level, perks) is read
 * for the preview of the trade's extras.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Loader2, Search, X } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { LevelId } from "~/modules/loyalty/loyalty-constants";
import type { MemberTradeStanding } from "~/modules/trades/trade-preview.server";
import type { MemberMatch } from "~/modules/trades/trades.server";
import { LevelBadge } from "./trade-display";
import { formatNumber } from "~/lib/format";

const MEMBERS_URL = "/admin/transactions/members";
const SEARCH_DELAY_MS = 250;
const MIN_TERM = 2;

type SearchAnswer = { ok: true; members: MemberMatch[] } | { ok: false; message: string };
type StandingAnswer = { ok: true; standing: MemberTradeStanding } | { ok: false; message: string };

export interface PickedMember {
  userId: string;
  name: string | null;
  email: string | null;
  steamId: string | null;
  level: LevelId;
  points: number;
}

export function MemberPicker({
  member,
  defaultTerm,
  onPick,
  onStanding,
  error,
}: {
  member: PickedMember | null;
  /** The text a post without JavaScript sent (it names the member there). */
  defaultTerm?: string;
  onPick: (member: PickedMember | null) => void;
  onStanding: (standing: MemberTradeStanding | null) => void;
  error?: string;
}) {
  const id = useId();
  const search = useFetcher<SearchAnswer>();
  const standing = useFetcher<StandingAnswer>();
  const [term, setTerm] = useState(defaultTerm ?? "");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const load = search.load;

  useEffect(() => {
    clearTimeout(timer.current);
    const trimmed = term.trim();
    if (trimmed.length < MIN_TERM) return;
    timer.current = setTimeout(() => load(`${MEMBERS_URL}?q=${encodeURIComponent(trimmed)}`), SEARCH_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [term, load]);

  const loadStanding = standing.load;
  useEffect(() => {
    if (member) loadStanding(`${MEMBERS_URL}?id=${member.userId}`);
  }, [member, loadStanding]);
  const answer = standing.data;
  useEffect(() => {
    onStanding(member && answer?.ok && answer.standing.userId === member.userId ? answer.standing : null);
  }, [answer, member, onStanding]);

  if (member) {
    return (
      <div className="grid gap-2">
        <p className="text-sm font-medium">Medlem</p>
        <div className="flex items-center gap-3 rounded-lg border bg-muted/40 p-3" data-testid="picked-member">
          <div className="grid min-w-0 flex-1 gap-0.5">
            <p className="truncate font-medium">{member.name ?? member.email ?? "Namnlös medlem"}</p>
            <p className="truncate text-xs text-muted-foreground">
              {member.email ?? (member.steamId ? `Steam ${member.steamId}` : "Ingen e-postadress")}
            </p>
            <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
              <LevelBadge level={answer?.ok ? answer.standing.level : member.level} />
              {formatNumber(member.points)} poäng
            </p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              onPick(null);
              setTerm("");
            }}
          >
            <X className="size-4" aria-hidden="true" />
            Byt
          </Button>
        </div>
      </div>
    );
  }

  const trimmed = term.trim();
  const results = trimmed.length >= MIN_TERM && search.data?.ok ? search.data.members : null;
  const searching = search.state === "loading";
  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-search`}>
        Medlem
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      </Label>
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id={`${id}-search`}
          // Posted too: without JavaScript there is no list to pick from, and the server reads a
          // pasted member id or e-mail address from it.
          name="member"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="E-post, namn eller Steam-id"
          autoComplete="off"
          className="pl-9"
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          aria-required
          data-testid="member-search"
        />
        {searching ? (
          <Loader2 className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden="true" />
        ) : null}
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        Skriv minst två tecken och välj medlemmen i listan.
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {results ? (results.length === 1 ? "1 medlem hittades" : `${results.length} medlemmar hittades`) : ""}
      </p>
      {results ? (
        results.length === 0 ? (
          <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">Ingen medlem matchar sökningen.</p>
        ) : (
          <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-1" aria-label="Sökresultat">
            {results.map((match) => (
              <li key={match.userId}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 rounded-sm px-3 py-2 text-left text-sm outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() =>
                    onPick({
                      userId: match.userId,
                      name: match.name,
                      email: match.email,
                      steamId: match.steamId,
                      level: match.level,
                      points: match.points,
                    })
                  }
                >
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{match.name ?? match.email ?? "Namnlös medlem"}</span>
                    <span className="truncate text-xs text-muted-foreground">
                      {match.email ?? (match.steamId ? `Steam ${match.steamId}` : "")}
                    </span>
                  </span>
                  <LevelBadge level={match.level} />
                  <span className="sr-only">Välj</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
